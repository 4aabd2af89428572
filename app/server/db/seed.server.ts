import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { FLAG_NAMES, type FlagName } from "~/domain/site/flags";
import { demoCatalogue } from "../catalogue/demo-catalogue.server";
import { products } from "../catalogue/catalogue-schema.server";
import { demoTemplates } from "../quotes/demo-templates.server";
import { quoteTemplates } from "../quotes/quotes-schema.server";
import { flags } from "../site/site-schema.server";

/** Flags start off, except the home page's reasons block, which a new shop wants shown. */
const FLAG_DEFAULTS: Record<FlagName, boolean> = {
  campaignCalderas: false,
  campaignAires: false,
  campaignAero: false,
  campaign: false,
  maintenance: false,
  showReasons: true,
};

/**
 * Creates missing flag rows and, when there is no product at all and `demo` is on, loads the
 * demo catalogue and the demo quote templates. Idempotent: running it on a seeded database changes nothing.
 */
export async function seedIfEmpty(db: NodePgDatabase, { demo = true } = {}): Promise<{ seeded: boolean }> {
  await db
    .insert(flags)
    .values(FLAG_NAMES.map((name) => ({ name, enabled: FLAG_DEFAULTS[name] })))
    .onConflictDoNothing();
  if (!demo) return { seeded: false };
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if ((row?.count ?? 0) > 0) return { seeded: false };
  await db.transaction(async (tx) => {
    for (const product of demoCatalogue) await tx.insert(products).values(product);
    // Three quote templates made of the demo catalogue (issue 30).
    for (const template of await demoTemplates(tx)) await tx.insert(quoteTemplates).values({ ...template, createdBy: "sistema" }).onConflictDoNothing();
  });
  return { seeded: true };
}
