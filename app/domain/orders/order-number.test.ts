import { describe, expect, it } from "vitest";
import { isOrderNumber, ORDER_NUMBER_LIMIT, orderDatePart, orderNumber } from "./order-number";

describe("order numbers (spec section 9)", () => {
  it("a random number, a hyphen, then day, month and two-digit year", () => {
    const date = new Date("2026-11-22T10:00:00Z");
    expect(orderNumber(date, () => 0.0661)).toBe("735-221126");
    expect(orderNumber(date)).toMatch(/^\d{1,5}-221126$/);
  });

  it("the random part stays below 11111 and above 0 at both ends of the draw", () => {
    const date = new Date("2026-01-05T12:00:00Z");
    expect(orderNumber(date, () => 0)).toBe("1-050126");
    expect(orderNumber(date, () => 0.999999999)).toBe(`${ORDER_NUMBER_LIMIT - 1}-050126`);
    for (let i = 0; i < 500; i++) {
      const n = Number(orderNumber(date).split("-")[0]);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThan(ORDER_NUMBER_LIMIT);
    }
  });

  it("uses the date in Madrid, not the server's time zone", () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid (UTC+1).
    expect(orderDatePart(new Date("2026-12-31T23:30:00Z"))).toBe("010127");
    // Summer time (UTC+2): 22:30 UTC on 30 June is 1 July in Madrid.
    expect(orderDatePart(new Date("2026-06-30T22:30:00Z"))).toBe("010726");
    expect(orderDatePart(new Date("2026-06-30T21:30:00Z"))).toBe("300626");
  });

  it("recognises its own format only", () => {
    expect(isOrderNumber("734-221126")).toBe(true);
    expect(isOrderNumber("11110-221126")).toBe(true);
    expect(isOrderNumber("11111-221126")).toBe(false);
    expect(isOrderNumber("0-221126")).toBe(false);
    expect(isOrderNumber("734-22112026")).toBe(false);
    expect(isOrderNumber("734221126")).toBe(false);
    expect(isOrderNumber("../etc")).toBe(false);
  });
});
