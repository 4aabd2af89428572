import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/*
 * How areas touch each other's tables (issue 29, decision 0026). Each area's tables are in
 * app/server/<area>/<area>-schema.server.ts; the shared ones in app/server/db/.
 *
 * - Writes: only the owning area inserts, updates or deletes its tables. Another area calls a
 *   named function of the owner (recordStatusMove and recordOrderNote for an order's history,
 *   takeStock and giveBackStock for the catalogue's stock, storeCompleteInvoice for an
 *   invoice, revokeLiveFeeds for a technician's calendar...). Two files are the exceptions: the
 *   demo seed, which fills every area of a new shop, and the retention purges, which delete
 *   (only delete) what the privacy policy's periods say, in every area.
 * - Reads: a query may join another area's tables (one query, not one per row), but only
 *   along the edges listed in AREA_READS. A new edge fails here until it is placed there, so a
 *   reader of the code finds every dependency between areas in one list.
 */

/** Which other areas' tables each area's files read (app/server/<area>/ and app/routes/<area>/). */
const AREA_READS: Record<string, string[]> = {
  accounts: ["orders", "quotes"],
  alerts: ["accounts"],
  admin: ["catalogue", "customers", "invoices", "jobs", "orders", "payments", "quotes", "visits"],
  basket: [],
  catalogue: [],
  customers: ["accounts", "invoices", "jobs", "maintenance", "orders", "quotes", "repairs", "visits"],
  images: ["catalogue", "orders", "site"],
  invoices: ["jobs", "maintenance", "orders", "payments", "quotes"],
  jobs: ["accounts", "catalogue", "images", "invoices", "payments", "quotes", "visits"],
  maintenance: ["catalogue", "customers", "invoices", "jobs", "orders", "payments"],
  orders: ["accounts", "catalogue", "customers", "payments"],
  payments: ["jobs", "orders"],
  quotes: ["catalogue", "customers"],
  repairs: ["catalogue", "customers", "images", "jobs", "maintenance"],
  site: ["images"],
  "stock-alerts": ["catalogue"],
  visits: ["accounts", "customers", "jobs", "quotes"],
};

/** The demo seed of a new shop, which writes every area's tables. */
const SEED = "app/server/db/seed.server.ts";
/** The privacy policy's retention (domain/site/retention): it may delete from any area's tables. */
const RETENTION_PURGES = "app/server/scheduled/maintenance.server.ts";

type Use = { file: string; area: string; owner: string; names: string[]; source: string };

function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "app/server", "app/routes"], { encoding: "utf8" });
  return listed.split("\n").filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** The area a file belongs to: its folder under app/server or app/routes (null at a layer's root). */
function areaOf(file: string): string | null {
  const parts = file.split("/");
  return parts.length > 3 ? parts[2]! : null;
}

/** Every import of an area's schema file, with the names imported. */
function schemaUses(): Use[] {
  const uses: Use[] = [];
  const importLine = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]*?)([a-z-]+)-schema\.server"/g;
  for (const file of sourceFiles()) {
    const area = areaOf(file);
    if (!area) continue;
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(importLine)) {
      const [, names, path, base] = match;
      const folder = path!.startsWith("./") ? area : /([a-z-]+)\/$/.exec(path!)?.[1];
      if (!folder || folder === "db" || base === "shared") continue;
      const list = names!.split(",").map((name) => name.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!).filter(Boolean);
      uses.push({ file, area, owner: folder, names: list, source });
    }
  }
  return uses;
}

function writes(source: string, name: string, deletesAllowed: boolean): boolean {
  const verbs = deletesAllowed ? ["insert", "update"] : ["insert", "update", "delete"];
  const builder = new RegExp(`\\.(${verbs.join("|")})\\(\\s*${name}\\b`);
  const raw = new RegExp(`(update|insert\\s+into${deletesAllowed ? "" : "|delete\\s+from"})\\s+\\$\\{${name}\\}`, "i");
  return builder.test(source) || raw.test(source);
}

describe("areas and their tables", () => {
  const uses = schemaUses();

  it("finds the schema imports it checks (the scan itself works)", () => {
    expect(uses.filter((use) => use.owner !== use.area).length).toBeGreaterThan(20);
    expect(uses.some((use) => use.file === "app/server/orders/order-writer.server.ts" && use.owner === "orders")).toBe(true);
  });

  it("no area writes another area's tables: it calls the owner's named function", () => {
    const foreign = uses
      .filter((use) => use.owner !== use.area && use.file !== SEED)
      .flatMap((use) => use.names.filter((name) => writes(use.source, name, use.file === RETENTION_PURGES)).map((name) => `${use.file} escribe ${use.owner}.${name}`));
    expect(foreign).toEqual([]);
  });

  it("an area reads another area's tables only along an edge listed in AREA_READS", () => {
    const found: Record<string, Set<string>> = {};
    for (const use of uses) {
      if (use.owner === use.area || use.file === SEED || use.file === RETENTION_PURGES) continue;
      (found[use.area] ??= new Set()).add(use.owner);
    }
    const actual = Object.fromEntries(Object.entries(found).map(([area, owners]) => [area, [...owners].sort()]));
    const declared = Object.fromEntries(Object.entries(AREA_READS).filter(([, owners]) => owners.length > 0));
    // Both ways: an edge no file uses any more is taken out of the list too.
    expect(actual).toEqual(declared);
  });
});
