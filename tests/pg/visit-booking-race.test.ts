import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madridInstant } from "~/domain/dates/madrid-dates";
import type { DatabaseHandle } from "~/server/db/client.server";
import { bookingSettings, visitHours, visits } from "~/server/visits/visits-schema.server";
import { bookVisit, newVisitToken } from "~/server/visits/visit-booking.server";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { twoInstances, waitForLockWaiters } from "../support/pg-instances";

/*
 * Two customers racing for the last slot of a day (issue 17) on PostgreSQL with two app
 * instances (two pools, as two processes would have): exactly one gets it, through the
 * exclusion constraint visits_no_overlap, and the other is offered the next free slots. Runs
 * in a database of its own. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la carrera por la última hora de visita en PostgreSQL ***\n");
}

/** A Thursday; visits only on Fridays 10:00-12:00: Friday 27 November and Friday 4 December. */
const NOW = madridInstant("2026-11-26", "12:00");
const FRIDAY_10 = "2026-11-27T09:00:00.000Z";
const FRIDAY_11 = "2026-11-27T10:00:00.000Z";
const NEXT_FRIDAY_10 = "2026-12-04T09:00:00.000Z";

const customer = (who: string) => ({ name: who, phone: "600 123 456", email: `${who}@example.com`, address: "Calle Mayor 1", town: "Madrid", notes: "" });

describe.skipIf(!url)("two customers racing for one visit slot on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    instances = await twoInstances(url!, "visitas");
    ({ first, second } = instances);
    await first.db.delete(visitHours);
    await first.db.insert(visitHours).values({ weekday: 5, startsAt: "10:00", endsAt: "12:00" });
    await first.db.update(bookingSettings).set({ slotMinutes: 60, horizonDays: 14 });
    // Friday's 10:00 is taken: 11:00 is that day's last slot.
    const booked = await bookVisit(first.db, { slotStart: FRIDAY_10, contact: customer("primera"), contactRequestId: null }, NOW);
    expect(booked.ok).toBe(true);
  });

  afterAll(async () => {
    await instances?.drop();
  });

  const reservedAt = async (start: string) => {
    const [row] = await first.db
      .select({ n: sql<number>`count(*)::int` })
      .from(visits)
      .where(and(eq(visits.startsAt, new Date(start)), eq(visits.state, "reservada")));
    return row!.n;
  };

  it("the second to insert is refused by the constraint and offered the next free slots", async () => {
    expect((await currentFreeSlots(second.db, NOW)).map((s) => s.start)).toEqual([FRIDAY_11, "2026-12-04T09:00:00.000Z", "2026-12-04T10:00:00.000Z"]);
    // Instance one books 11:00 and has not committed yet: instance two still sees the slot free.
    let inserted!: () => void;
    let release!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holder = first.db.transaction(async (tx) => {
      await tx.insert(visits).values({ token: newVisitToken(), startsAt: new Date(FRIDAY_11), endsAt: new Date("2026-11-27T11:00:00.000Z"), name: "Ana" });
      inserted();
      await gate;
    });
    await insertedYet;
    const loser = bookVisit(second.db, { slotStart: FRIDAY_11, contact: customer("eva"), contactRequestId: null }, NOW);
    // Instance two's insert waits on instance one's uncommitted row; then instance one commits.
    await waitForLockWaiters(first.db);
    release();
    await holder;
    const result = await loser;
    expect(result).toMatchObject({ ok: false, reason: "taken" });
    if (!result.ok) expect(result.next.map((s) => s.start)).toEqual([NEXT_FRIDAY_10, "2026-12-04T10:00:00.000Z"]);
    expect(await reservedAt(FRIDAY_11)).toBe(1);
  });

  it("both at once, round after round: exactly one booking per slot, the other is offered the next ones", async () => {
    await first.db.update(visitHours).set({ endsAt: "14:00" });
    for (let round = 0; round < 4; round++) {
      const target = (await currentFreeSlots(first.db, NOW))[0]!;
      const results = await Promise.all([
        bookVisit(first.db, { slotStart: target.start, contact: customer(`ana${round}`), contactRequestId: null }, NOW),
        bookVisit(second.db, { slotStart: target.start, contact: customer(`eva${round}`), contactRequestId: null }, NOW),
      ]);
      expect(results.filter((r) => r.ok), `ronda ${round}`).toHaveLength(1);
      const lost = results.find((r) => !r.ok)!;
      if (!lost.ok) {
        expect(["taken", "not-free"]).toContain(lost.reason);
        for (const slot of lost.next) expect(Date.parse(slot.start)).toBeGreaterThan(Date.parse(target.start));
      }
      expect(await reservedAt(target.start)).toBe(1);
    }
  });
});
