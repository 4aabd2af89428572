import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerFor } from "~/server/customers/customer-records.server";
import { customers } from "~/server/customers/customers-schema.server";
import { twoInstances } from "../support/pg-instances";

/**
 * One customer record on PostgreSQL with two instances (issue 30): requests naming the same new
 * customer at once, on both, make one record, not one each (the advisory lock on its keys).
 * Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de las fichas de cliente ***\n");

describe.skipIf(!url)("customer records on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    instances = await twoInstances(url!, "fichas");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  it("12 transactions at once on two instances, by e-mail or by phone, name one new record", async () => {
    const { first, second } = instances;
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? second.db : first.db).transaction(async (tx) => {
          const id = await customerFor(tx, { name: "Carmen Ortiz", email: "carmen.ortiz@example.com", phone: i % 3 ? "" : "655 44 33 22" });
          // Hold the transaction a moment, as a request's store does after finding its record.
          await tx.execute("select pg_sleep(0.02)");
          return id;
        }),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await first.db.select().from(customers).where(eq(customers.email, "carmen.ortiz@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phoneKey).toBe("655443322");
  });
});
