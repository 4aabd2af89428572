import { describe, expect, it } from "vitest";
import { PageStore, type StoredPage } from "./page-store.server";

const KB = 1024;

function page(url: string, tags: string[], variant = "-|0", bodyKb = 10): StoredPage {
  const body = Buffer.alloc(bodyKb * KB, "a");
  return { url, key: `${variant}|${url}`, contentType: "text/html", policy: "", headers: [], etag: 'W/"x"', tags, body, gzip: Buffer.alloc(KB), br: Buffer.alloc(KB) };
}

describe("the pages kept in memory", () => {
  it("finds a page by its key and knows which URLs have any variant", () => {
    const store = new PageStore(1024 * KB);
    store.put(page("/tienda/aires", ["site", "f:aires"]));
    store.put(page("/tienda/aires", ["site", "f:aires"], "accepted|2"));
    expect(store.get("-|0|/tienda/aires")?.url).toBe("/tienda/aires");
    expect(store.get("accepted|2|/tienda/aires")).toBeDefined();
    expect(store.hasUrl("/tienda/aires")).toBe(true);
    expect(store.hasUrl("/tienda/calderas")).toBe(false);
  });

  it("drops exactly the pages of the changed tags", () => {
    const store = new PageStore(1024 * KB);
    store.put(page("/tienda/aires", ["site", "f:aires"]));
    store.put(page("/tienda/detalle/aires/5", ["site", "p:5"]));
    store.put(page("/tienda/calderas", ["site", "f:calderas"]));
    expect(store.dropTags(["f:aires", "p:9"])).toBe(1);
    expect(store.hasUrl("/tienda/aires")).toBe(false);
    expect(store.hasUrl("/tienda/detalle/aires/5")).toBe(true);
    expect(store.dropTags(["site"])).toBe(2);
    expect(store.size).toEqual({ pages: 0, bytes: 0 });
  });

  it("stays within its memory, dropping the page served longest ago", () => {
    const store = new PageStore(100 * KB);
    for (let n = 1; n <= 7; n++) store.put(page(`/p/${n}`, ["site"]));
    store.get("-|0|/p/1"); // served again: now the most recent
    store.put(page("/p/8", ["site"]));
    expect(store.size.bytes).toBeLessThanOrEqual(100 * KB);
    expect(store.hasUrl("/p/1")).toBe(true);
    expect(store.hasUrl("/p/2")).toBe(false);
    expect(store.hasUrl("/p/8")).toBe(true);
  });

  it("does not keep a page bigger than a quarter of its memory", () => {
    const store = new PageStore(100 * KB);
    store.put(page("/grande", ["site"], "-|0", 30));
    expect(store.hasUrl("/grande")).toBe(false);
  });

  it("a page kept again replaces the old copy without counting it twice", () => {
    const store = new PageStore(1024 * KB);
    store.put(page("/", ["site"]));
    const before = store.size.bytes;
    store.put(page("/", ["site"]));
    expect(store.size).toEqual({ pages: 1, bytes: before });
    expect(store.dropTags(["site"])).toBe(1);
    expect(store.hasUrl("/")).toBe(false);
  });
});
