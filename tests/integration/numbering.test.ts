import { describe, expect, it } from "vitest";
import { nextDocumentNumber, takeSequence } from "~/server/numbering.server";
import { setupTestDatabase } from "../db-utils";

/**
 * The one numbering service (decision 0022): each series (invoices "F", rectifying invoices "R",
 * quotes "P") counts 1, 2, 3... per year, on its own, without gaps; a document that rolls back
 * gives its number back. Concurrent instances on PostgreSQL: tests/pg/numbering.test.ts.
 */
const ready = setupTestDatabase();

const take = async (series: "F" | "R" | "P", year: number) => {
  const { db } = await ready;
  return db.transaction((tx) => takeSequence(tx, series, year));
};

describe("the numbering service", () => {
  it("counts each series and year on its own, from 1, without gaps", async () => {
    const taken = [];
    for (const [series, year] of [["F", 2041], ["F", 2041], ["R", 2041], ["P", 2041], ["F", 2041], ["F", 2042], ["R", 2041], ["P", 2041]] as const) {
      taken.push(`${series}${year}:${await take(series, year)}`);
    }
    expect(taken).toEqual(["F2041:1", "F2041:2", "R2041:1", "P2041:1", "F2041:3", "F2042:1", "R2041:2", "P2041:2"]);
  });

  it("a document that rolls back gives its number back; callers at once get distinct consecutive numbers", async () => {
    const { db } = await ready;
    await expect(
      db.transaction(async (tx) => {
        await takeSequence(tx, "R", 2043);
        throw new Error("fallo después de numerar");
      }),
    ).rejects.toThrow("fallo después de numerar");
    const all = await Promise.all(Array.from({ length: 6 }, () => take("R", 2043)));
    expect([...all].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("numbers a document by Madrid's day: New Year's Eve at 23:30 UTC is already the next year", async () => {
    const { db } = await ready;
    const numbered = await db.transaction((tx) => nextDocumentNumber(tx, "P", new Date("2044-12-31T23:30:00Z")));
    expect(numbered).toEqual({ series: "P", year: 2045, sequence: 1, number: "P2045-000001", day: "2045-01-01" });
  });
});
