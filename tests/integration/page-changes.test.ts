import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { flags } from "~/server/site/site-schema.server";
import { ChangeWatch, type Changes } from "~/server/page-cache/change-watch.server";
import { setupTestDatabase } from "../db-utils";

/*
 * The page cache's view of what changed (issue 14) on the embedded database: the triggers
 * name what pages show, a check reports what committed since the last one, and checks run
 * only after a NOTIFY announced a change.
 */

function watching(everyRequest: boolean) {
  const seen: Changes[] = [];
  return { seen, make: (db: ConstructorParameters<typeof ChangeWatch>[0]) => new ChangeWatch(db, everyRequest, (c) => seen.push(c)) };
}

const tagsOf = (changes: Changes | undefined) => (changes && !changes.all ? [...changes.tags].sort() : changes);

describe("what changed, for the page cache", () => {
  const ready = setupTestDatabase();

  it("a product's price names its page, its family and the lists of every product", async () => {
    const { db } = await ready;
    const { seen, make } = watching(true);
    const watch = make(db);
    await watch.fresh();
    expect(seen).toEqual([{ all: true }]); // the first look knows nothing before it
    await db.update(products).set({ priceCents: 123_400 }).where(eq(products.id, 3));
    await watch.fresh();
    expect(tagsOf(seen[1])).toEqual(["f:calderas", "p:3", "products"]);
    await watch.fresh();
    expect(seen).toHaveLength(2); // nothing new
  });

  it("a product moved to another family names both families; a flag names the whole site", async () => {
    const { db } = await ready;
    const { seen, make } = watching(true);
    const watch = make(db);
    await watch.fresh();
    await db.update(products).set({ family: "aerotermia" }).where(eq(products.id, 1));
    await watch.fresh();
    expect(tagsOf(seen.at(-1))).toEqual(["f:aerotermia", "f:calderas", "p:1", "products"]);
    await db.update(products).set({ family: "calderas" }).where(eq(products.id, 1));
    await db.transaction(async (tx) => {
      await tx.update(products).set({ stock: 7 }).where(eq(products.id, 14));
      await tx.update(flags).set({ enabled: true }).where(eq(flags.name, "campaignAires"));
    });
    await watch.fresh();
    expect(tagsOf(seen.at(-1))).toEqual(["f:aerotermia", "f:calderas", "f:termostatos", "p:1", "p:14", "products", "site"]);
  });

  it("an update that changes no row names nothing", async () => {
    const { db } = await ready;
    const { seen, make } = watching(true);
    const watch = make(db);
    await watch.fresh();
    await db.update(products).set({ stock: 1 }).where(eq(products.id, -1));
    await watch.fresh();
    expect(seen).toHaveLength(1);
  });

  it("on the embedded database a check runs only after a change was announced", async () => {
    const { db, listen } = await ready;
    const { seen, make } = watching(false);
    const watch = make(db);
    await listen!("page_changes", () => watch.announce());
    await watch.fresh();
    const checks = watch.seq;
    await watch.fresh();
    await watch.fresh();
    expect(watch.seq).toBe(checks);
    await db.update(products).set({ priceCents: 99_900 }).where(eq(products.id, 20));
    // The NOTIFY was heard before the UPDATE returned: the very next use checks.
    await watch.fresh();
    expect(watch.seq).toBe(checks + 1);
    expect(tagsOf(seen.at(-1))).toContain("p:20");
  });

  it("requests waiting while a check runs share the next one; a render overlapping a change is not kept", async () => {
    const { db } = await ready;
    const { make } = watching(true);
    const watch = make(db);
    await watch.fresh();
    const renderBegan = watch.seq;
    await db.update(products).set({ priceCents: 55_500 }).where(eq(products.id, 21));
    const waits = Array.from({ length: 20 }, () => watch.fresh());
    await Promise.all(waits);
    // One check in flight when the first asked, one more for everybody who came during it.
    expect(watch.seq - renderBegan).toBeLessThanOrEqual(2);
    expect(watch.mayKeep(["site", "p:21"], renderBegan)).toBe(false);
    expect(watch.mayKeep(["site", "p:22"], renderBegan)).toBe(true);
    expect(watch.mayKeep(["site", "p:21"], watch.seq)).toBe(true);
  });

  it("the purge keeps an hour of changes", async () => {
    const { db } = await ready;
    await db.execute(sql`insert into page_changes (tag, changed_at) values ('p:1', now() - interval '2 hours')`);
    const { purgePageChanges } = await import("~/server/scheduled/maintenance.server");
    expect(await purgePageChanges(db)).toMatch(/^cambios de páginas de hace más de una hora borrados: [1-9]\d*$/);
    const [left] = (await db.execute(sql`select count(*)::int as n from page_changes where changed_at < now() - interval '1 hour'`)).rows as { n: number }[];
    expect(left!.n).toBe(0);
  });
});
