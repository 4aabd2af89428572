import { describe, expect, it } from "vitest";
import { RETENTION, rateLimitRetentionMinutes, spanishPeriod } from "./retention";

describe("retention periods", () => {
  it("are the ones the privacy policy promises and the shop chose", () => {
    expect(RETENTION).toEqual({
      contactRequestDays: 365,
      repairRequestDays: 1095,
      sessionDays: 30,
      abandonedBasketDays: 30,
      pendingStockAlertDays: 7,
      waitingStockAlertDays: 365,
      closedStockAlertDays: 30,
      deliveredOutboxDays: 30,
      failedOutboxDays: 180,
      rateLimitWindowMinutes: 10,
      rateLimitPurgeEveryMinutes: 5,
      signInFailureHours: 24,
    });
    expect(rateLimitRetentionMinutes()).toBe(15);
  });

  it("failed deliveries outlive delivered ones, and none outlives the requests they carry", () => {
    expect(RETENTION.failedOutboxDays).toBeGreaterThan(RETENTION.deliveredOutboxDays);
    expect(RETENTION.failedOutboxDays).toBeLessThan(RETENTION.contactRequestDays);
  });

  it("reads in Spanish as the policy says it", () => {
    expect(spanishPeriod(365)).toBe("un año");
    expect(spanishPeriod(730)).toBe("dos años");
    expect(spanishPeriod(30)).toBe("30 días");
    expect(spanishPeriod(1)).toBe("un día");
  });
});
