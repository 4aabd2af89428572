/* global process */
/*
 * Preloaded into a spec's own server (NODE_OPTIONS=--require) to make it live TEST_CLOCK_OFFSET_MS
 * later: a restart on the same data "40 days after", for the quotes spec's expiry (issue 17).
 * Tests only; the app never loads it.
 */
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS || 0);
if (offset) {
  const RealDate = Date;
  const realNow = RealDate.now;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset);
      else super(...args);
    }
    static now() {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
