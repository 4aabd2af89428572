import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backupsToKeep, KEEP, newestBackup } from "./backup-rotation";

/** A backup every night at 03:30 Madrid (02:30 UTC in winter) for `days` days up to `last`. */
function nightly(days: number, last = "2026-11-29") {
  const end = new Date(`${last}T02:30:00Z`).getTime();
  return Array.from({ length: days }, (_, index) => {
    const takenAt = new Date(end - index * 86_400_000);
    return { name: `tienda-${takenAt.toISOString().slice(0, 10)}`, takenAt };
  });
}

describe("backupsToKeep: 7 daily, 4 weekly, 12 monthly", () => {
  it("after a year of nightly backups: the last 7 days, the Sundays of the 4 last weeks, the last day of the 12 last months", () => {
    const kept = [...backupsToKeep(nightly(400))].sort();
    expect(kept.filter((name) => name >= "tienda-2026-11-23")).toEqual(["tienda-2026-11-23", "tienda-2026-11-24", "tienda-2026-11-25", "tienda-2026-11-26", "tienda-2026-11-27", "tienda-2026-11-28", "tienda-2026-11-29"]);
    // Weeks: this one (its newest is today), and the Sundays before.
    for (const sunday of ["tienda-2026-11-22", "tienda-2026-11-15", "tienda-2026-11-08"]) expect(kept).toContain(sunday);
    expect(kept).not.toContain("tienda-2026-11-01");
    // Months: November (today), then each month's last day back to December 2025.
    for (const last of ["tienda-2026-10-31", "tienda-2026-02-28", "tienda-2025-12-31"]) expect(kept).toContain(last);
    expect(kept).not.toContain("tienda-2025-11-30");
    expect(kept).toHaveLength(7 + 3 + 11);
  });

  it("a few backups: all kept", () => {
    expect(backupsToKeep(nightly(3)).size).toBe(3);
  });

  it("never keeps more than 7 + 4 + 12, always keeps the newest, and keeps again what it kept (the clock moved on)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 800 * 24 }), { minLength: 1, maxLength: 300 }), (hours) => {
        const backups = hours.map((hour) => ({ name: `b${hour}`, takenAt: new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000) }));
        const kept = backupsToKeep(backups);
        expect(kept.size).toBeLessThanOrEqual(KEEP.daily + KEEP.weekly + KEEP.monthly);
        const newest = backups.reduce((a, b) => (a.takenAt > b.takenAt ? a : b));
        expect(kept.has(newest.name)).toBe(true);
        const survivors = backups.filter((backup) => kept.has(backup.name));
        expect(backupsToKeep(survivors)).toEqual(kept);
      }),
    );
  });
});

describe("newestBackup", () => {
  it("the most recent of any order, none of none", () => {
    const at = (iso: string) => ({ name: iso, takenAt: new Date(iso) });
    expect(newestBackup([at("2026-11-28T02:30:00Z"), at("2026-11-30T02:30:00Z"), at("2026-11-29T02:30:00Z")])?.name).toBe("2026-11-30T02:30:00Z");
    expect(newestBackup([])).toBeUndefined();
  });
});
