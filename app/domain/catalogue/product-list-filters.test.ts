import { describe, expect, it } from "vitest";
import { isLowStock, likePattern, parseProductListFilters, productListQuery } from "./product-list-filters";

const parse = (query: string) => parseProductListFilters(new URLSearchParams(query));

describe("product list filters", () => {
  it("reads the URL's filters and writes them back; page 1 is left out", () => {
    const filters = parse("q=%20baxi%2024%20&familia=calderas&visibilidad=ocultos&stock=bajo&pagina=3");
    expect(filters).toEqual({ text: "baxi 24", family: "calderas", visibility: "ocultos", lowStock: true, page: 3 });
    expect(productListQuery(filters, 1)).toBe("?q=baxi+24&familia=calderas&visibilidad=ocultos&stock=bajo");
    expect(productListQuery(filters, 2)).toBe("?q=baxi+24&familia=calderas&visibilidad=ocultos&stock=bajo&pagina=2");
  });

  it("ignores values it does not know instead of failing", () => {
    expect(parse("familia=hornos&visibilidad=todas&stock=si&pagina=0")).toEqual({
      text: "",
      family: undefined,
      visibility: undefined,
      lowStock: false,
      page: 1,
    });
    expect(parse(`q=${"x".repeat(300)}`).text).toHaveLength(100);
  });

  it("searches LIKE wildcards literally", () => {
    expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("is low on stock at or below the product's own threshold", () => {
    expect(isLowStock({ stock: 2, lowStockThreshold: 2 })).toBe(true);
    expect(isLowStock({ stock: 3, lowStockThreshold: 2 })).toBe(false);
    expect(isLowStock({ stock: 0, lowStockThreshold: 0 })).toBe(true);
  });
});
