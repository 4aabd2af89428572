import { describe, expect, it } from "vitest";
import { pageDependencies } from "./cacheable-pages.server";

const leaf = (routeId: string, path: string) => ({ routeId, params: {}, url: new URL(`http://tienda.test${path}`) });

describe("the sizing advisor in the page cache (issue 15)", () => {
  it("an answer depends on its family's products, whose count it shows", () => {
    expect(pageDependencies(leaf("routes/sizing/sizing-advisor", "/que-potencia-necesito?familia=calderas&superficie=90"))).toEqual([
      "site",
      "f:calderas",
    ]);
    expect(pageDependencies(leaf("routes/sizing/sizing-advisor", "/que-potencia-necesito"))).toEqual(["site", "f:aires"]);
  });

  it("an unknown family names no products (the page is a 400, never kept anyway)", () => {
    expect(pageDependencies(leaf("routes/sizing/sizing-advisor", "/que-potencia-necesito?familia=termostatos"))).toEqual(["site"]);
  });
});
