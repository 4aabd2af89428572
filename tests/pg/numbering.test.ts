import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentSeries } from "~/domain/document-numbers";
import { takeSequence } from "~/server/numbering.server";
import { twoInstances } from "../support/pg-instances";

/**
 * The numbering service on PostgreSQL with two instances (decision 0022): callers of the three
 * series at once, on both, get distinct consecutive numbers per series, none twice and none
 * missing, even when some of them roll back after taking one. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL del servicio de numeración ***\n");

const PER_SERIES = 20;
const FAILING = 6;
const SERIES: readonly DocumentSeries[] = ["F", "R", "P"];

describe.skipIf(!url)("the numbering service on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    instances = await twoInstances(url!, "numeracion");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  it("20 numbers of each series taken at once on two instances while 6 more roll back: 1 to 20 per series, each once", async () => {
    const { first, second } = instances;
    const on = (i: number) => (i % 2 ? second.db : first.db);
    const kept = SERIES.flatMap((series) =>
      Array.from({ length: PER_SERIES }, (_, i) => on(i).transaction(async (tx) => ({ series, sequence: await takeSequence(tx, series, 2034) }))),
    );
    const failing = SERIES.flatMap((series) =>
      Array.from({ length: FAILING }, (_, i) =>
        on(i + 1)
          .transaction(async (tx) => {
            await takeSequence(tx, series, 2034);
            throw new Error("fallo después de numerar");
          })
          .catch((error: Error) => error.message),
      ),
    );
    const [taken, failures] = await Promise.all([Promise.all(kept), Promise.all(failing)]);
    expect(failures).toEqual(Array(SERIES.length * FAILING).fill("fallo después de numerar"));
    for (const series of SERIES) {
      const numbers = taken.filter((row) => row.series === series).map((row) => row.sequence);
      expect(numbers.sort((a, b) => a - b), series).toEqual(Array.from({ length: PER_SERIES }, (_, i) => i + 1));
    }
    // The next one, after all that, is 21 in every series: the rolled-back ones left no gap.
    for (const series of SERIES) expect(await first.db.transaction((tx) => takeSequence(tx, series, 2034))).toBe(PER_SERIES + 1);
  });
});
