import { describe, expect, it } from "vitest";
import { deliveryNoteLines, orderLineDescription, wantsPrices } from "./delivery-note";

const line = (productId: number | null, family: string, model: string, priceCents: number) => ({ productId, family, brand: family === "instalaciones" ? "" : "Daikin", model, type: "Split", priceCents });

describe("an order's delivery note (issue 30)", () => {
  it("goods only, identical units on one line with their quantity and amount", () => {
    const lines = deliveryNoteLines([
      line(7, "aires", "Sensira 35", 59900),
      line(7, "aires", "Sensira 35", 59900),
      line(2, "instalaciones", "Instalación", 39900),
      line(8, "termostatos", "Madoka", 12900),
    ]);
    expect(lines).toEqual([
      { description: "Daikin Sensira 35 (Split)", quantity: 2, unitCents: 59900, totalCents: 119800 },
      { description: "Daikin Madoka (Split)", quantity: 1, unitCents: 12900, totalCents: 12900 },
    ]);
  });

  it("a line named as the invoice names it; prices unless ?precios=no", () => {
    expect(orderLineDescription({ brand: "Baxi", model: "Platinum Max Plus 24/24 F", type: "Caldera" })).toBe("Baxi Platinum Max Plus 24/24 F (Caldera)");
    expect(orderLineDescription({ brand: "Ferroli", model: "Caldera Bluehelix", type: "Caldera" })).toBe("Ferroli Caldera Bluehelix");
    expect(wantsPrices(new URLSearchParams(""))).toBe(true);
    expect(wantsPrices(new URLSearchParams("precios=no"))).toBe(false);
  });
});
