import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "~/domain/catalogue/search-query";
import { parseSearchState, type SuggestionItem } from "~/domain/catalogue/search-state";
import { loader as searchLoader } from "~/routes/catalogue/search";
import { searchPage, suggestProducts } from "~/server/catalogue/search.server";
import { suggestionsResponse } from "~/server/catalogue/suggestions.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { MemoryRateLimit } from "~/server/rate-limit.server";
import { setupTestDatabase } from "../db-utils";

/*
 * The shop's search on the demo catalogue (issue 15): the database's text search and trigram
 * indexes behind the query parser's reading, the results page's loader and the suggestions.
 */

const ready = setupTestDatabase();

async function search(q: string, params: Record<string, string> = {}) {
  await ready;
  const state = parseSearchState(new URLSearchParams({ q, ...params }));
  return searchPage(parseSearchQuery(q), state);
}

const names = (items: { brand: string; model: string }[]) => items.map((p) => `${p.brand} ${p.model}`);

describe("searchPage", () => {
  it("puts the model asked first, brand and power read from the words", async () => {
    const results = await search("daikin 3,5 kw");
    expect(names(results.items)).toEqual(["Daikin Sensira FTXF35E"]);
    expect(names((await search("FTXF35E")).items)[0]).toBe("Daikin Sensira FTXF35E");
    expect(names((await search("sensira ftxf35e")).items)[0]).toBe("Daikin Sensira FTXF35E");
    expect(names((await search("Mitsubishi MSZ-HR35VF")).items)[0]).toBe("Mitsubishi MSZ-HR35VF");
  });

  it("ignores case and accents", async () => {
    const plain = await search("caldera de condensacion");
    const accented = await search("CALDERA DE CONDENSACIÓN");
    expect(plain.total).toBeGreaterThan(0);
    expect(accented.items.map((p) => p.id)).toEqual(plain.items.map((p) => p.id));
    expect(plain.items.every((p) => p.family === "calderas")).toBe(true);
  });

  it("forgives one typo in a brand or a model", async () => {
    for (const [typed, brand] of [
      ["daiken", "Daikin"],
      ["mitsubisi", "Mitsubishi"],
      ["fujitsi", "Fujitsu"],
      ["hermman", "Hermann"],
      ["ferrolli", "Ferroli"],
    ]) {
      const results = await search(typed!);
      expect(results.total, typed).toBeGreaterThan(0);
      expect(results.items.every((p) => p.brand === brand), typed).toBe(true);
    }
    expect(names((await search("daiken sensra")).items)).toContain("Daikin Sensira FTXF35E");
    expect((await search("xyzzyq")).total).toBe(0);
  });

  it("finds air conditioners of about 3.5 kW for 3000 frigorías, and boilers near 24 kW", async () => {
    const cooling = await search("3000 frigorías");
    expect(cooling.total).toBeGreaterThan(0);
    expect(cooling.items.every((p) => p.family === "aires" && p.powerKw === 3.5)).toBe(true);
    expect((await search("3000 frigorias")).total).toBe(cooling.total);
    expect((await search("3000 fg")).total).toBe(cooling.total);
    const boilers = await search("caldera 24 kW");
    expect(boilers.items.every((p) => p.family === "calderas" && p.powerKw !== null && p.powerKw >= 21.6 && p.powerKw <= 26.4)).toBe(true);
    // The nearest power first.
    expect(boilers.items[0]?.powerKw).toBe(24);
  });

  it("reads the customer's words: split, bomba de calor, termostato wifi, mixta, bibloc", async () => {
    expect((await search("split")).items.every((p) => p.family === "aires")).toBe(true);
    const wifi = await search("termostato wifi");
    expect(names(wifi.items).sort()).toEqual(["Honeywell T6R Smart", "Orkli TW-3 Wifi", "Saunier Duval MiGo Link"]);
    const mixed = await search("caldera mixta");
    expect(mixed.items.map((p) => p.type)).toEqual(mixed.items.map(() => "Mixta condensación"));
    expect(mixed.total).toBeGreaterThan(0);
    const bibloc = await search("aerotermia bibloc");
    expect(bibloc.items.every((p) => p.family === "aerotermia" && p.type.startsWith("Bibloc"))).toBe(true);
    const heatPumps = await search("bomba de calor");
    expect(Object.keys(heatPumps.families).sort()).toEqual(["aerotermia", "aires"]);
    expect(heatPumps.items.every((p) => p.heatPump === true)).toBe(true);
  });

  it("counts the matches per family, filters by family and brand, orders by price and pages", async () => {
    const all = await search("daikin");
    expect(all.families).toEqual({ aires: 3, aerotermia: 3 });
    expect(all.total).toBe(6);
    const aires = await search("daikin", { familia: "aires" });
    expect(aires.total).toBe(3);
    expect(aires.families).toEqual(all.families);
    const cheapestFirst = await search("mitsubishi", { orden: "ascendente" });
    const prices = cheapestFirst.items.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const brand = await search("split", { marca: "Fujitsu" });
    expect(brand.items.every((p) => p.brand === "Fujitsu")).toBe(true);
    const second = await search("aire", { porPagina: "6", pagina: "2" });
    expect([second.page, second.items.length, second.showPagination]).toEqual([2, 6, true]);
  });

  it("never finds hidden products", async () => {
    const { db } = await ready;
    const [before] = (await search("Sensira FTXF25E")).items;
    expect(before?.model).toBe("Sensira FTXF25E");
    await db.update(products).set({ active: false }).where(eq(products.id, before!.id));
    try {
      expect((await search("Sensira FTXF25E")).items.map((p) => p.id)).not.toContain(before!.id);
      expect((await suggestProducts(parseSearchQuery("ftxf25e"), 8)).map((p) => p.id)).not.toContain(before!.id);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, before!.id));
    }
  });

  it("asks nothing of the database for a query of stop words only", async () => {
    expect((await search("de la para")).total).toBe(0);
  });
});

const loaderArgs = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as never;

describe("the /buscar loader", () => {
  it("answers the results, what it understood and the brands to filter by", async () => {
    await ready;
    const response = await searchLoader(loaderArgs("http://localhost/buscar?q=aire%203000%20frigor%C3%ADas"));
    expect(response.init?.status ?? 200).toBe(200);
    expect(response.data.understood).toEqual(["Aires acondicionados", "Unos 3,49 kW (3000 frigorías/h)"]);
    expect(response.data.brands).toEqual(["Daikin", "Mitsubishi", "Saunier Duval", "Fujitsu"]);
    expect(response.data.results.total).toBeGreaterThan(0);
  });

  it("refuses a query longer than the field with 400 and a Spanish message", async () => {
    await ready;
    const response = await searchLoader(loaderArgs(`http://localhost/buscar?q=${"a".repeat(101)}`));
    expect(response.init?.status).toBe(400);
    expect(response.data.problem).toMatch(/demasiado larga/);
  });

  it("shows nothing found without asking for an empty query", async () => {
    await ready;
    const response = await searchLoader(loaderArgs("http://localhost/buscar"));
    expect(response.data.results.total).toBe(0);
    expect(response.data.state.q).toBe("");
  });
});

describe("/buscar/sugerencias", () => {
  const ask = async (q: string, address = "192.0.2.1") => {
    await ready;
    return suggestionsResponse(new Request(`http://localhost/buscar/sugerencias?q=${encodeURIComponent(q)}`, { headers: { "x-forwarded-for": address } }));
  };

  it("suggests the families named and the best products, at most 8, with a short public cache", async () => {
    const response = await ask("aire acond");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(response.headers.get("Server-Timing")).toMatch(/^search;dur=\d+(\.\d)?$/);
    const { items } = (await response.json()) as { items: SuggestionItem[] };
    expect(items[0]).toEqual({ kind: "familia", label: "Aires acondicionados", href: "/tienda/aires/aires" });
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items.slice(1).every((item) => item.kind === "producto" && item.href.startsWith("/tienda/detalle/aires/"))).toBe(true);
    const daikin = (await (await ask("daikin 3,5 kw")).json()) as { items: SuggestionItem[] };
    expect(daikin.items).toEqual([
      { kind: "producto", label: "Daikin Sensira FTXF35E", detail: "Aire acondicionado · 3,5 kW", priceCents: expect.any(Number), href: "/tienda/detalle/aires/24" },
    ]);
  });

  it("answers 400 (never 500) to a query too long, and copes with control characters", async () => {
    const long = await ask("x".repeat(101));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toMatch(/demasiado larga/);
    expect((await ask("\u0000\u0001daikin\u0007")).status).toBe(200);
    expect((await ask("'; drop table products; --")).status).toBe(200);
    expect((await ask("a:* & b | !c <-> d")).status).toBe(200);
  });

  it("tells a client asking too often to wait", () => {
    const window = new MemoryRateLimit({ windowMs: 60_000 });
    const at = 1_000_000;
    expect([1, 2, 3, 4].map(() => window.hit("10.0.0.1", 3, at))).toEqual([true, true, true, false]);
    expect(window.hit("10.0.0.2", 3, at)).toBe(true);
    expect(window.hit("10.0.0.1", 3, at + 60_000)).toBe(true);
  });
});
