import { describe, expect, it } from "vitest";
import { PROMOTIONS, promoByPath } from "./promotions";

describe("promoByPath", () => {
  it("finds each of the six landing pages, also with another case or a trailing slash", () => {
    expect(PROMOTIONS.map((p) => p.path)).toEqual([
      "/promo-Calderas",
      "/promo-Aires",
      "/promo-Saunier",
      "/promo-Aero",
      "/promo-Reparaciones",
      "/promo-Granada",
    ]);
    expect(promoByPath("/promo-calderas/")?.path).toBe("/promo-Calderas");
    expect(promoByPath("/promo-Granada")?.granada).toBe(true);
  });

  it("knows no other page", () => {
    expect(promoByPath("/promo-Saunier/gracias")).toBeUndefined();
    expect(promoByPath("/")).toBeUndefined();
  });
});
