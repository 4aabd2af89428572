import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes } from "~/server/db/schema.server";
import { takeSequence } from "~/server/numbering.server";
import { createQuote } from "~/server/quotes/quote-store.server";
import { twoInstances } from "../support/pg-instances";

/**
 * Quote numbers on PostgreSQL with two instances (issue 17): quotes created at the same moment
 * on both get consecutive "P" numbers, none twice and none missing, even when some creations
 * roll back after taking a number. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de números de presupuesto ***\n");

const COUNT = 30;
const OWNER = { email: "duena@termoclima.test" };

describe.skipIf(!url)("quote numbers on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    instances = await twoInstances(url!, "presupuestos");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  it("30 quotes created at once on two instances while 10 more roll back: P-numbers 1 to 30, each once", async () => {
    const { first, second } = instances;
    const now = new Date("2033-02-01T10:00:00Z");
    const failing = Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? first.db : second.db)
        .transaction(async (tx) => {
          await takeSequence(tx, "P", 2033);
          throw new Error("fallo después de numerar");
        })
        .catch((error: Error) => error.message),
    );
    const [made, failures] = await Promise.all([
      Promise.all(Array.from({ length: COUNT }, (_, i) => createQuote(i % 2 ? second.db : first.db, OWNER, {}, now))),
      Promise.all(failing),
    ]);
    expect(failures).toEqual(Array(10).fill("fallo después de numerar"));
    const rows = await first.db.select({ sequence: quotes.sequence, number: quotes.number }).from(quotes).where(eq(quotes.year, 2033));
    expect(rows.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(new Set(made.map((quote) => quote.number)).size).toBe(COUNT);
    expect(rows.every((row) => row.number === `P2033-${String(row.sequence).padStart(6, "0")}`)).toBe(true);
  });
});
