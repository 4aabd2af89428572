import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exemptionText, invoiceAmounts, negated } from "./invoice-amounts";
import { territoryOfPostcode, withoutVatCents } from "../money";

describe("invoice amounts with VAT", () => {
  it("a boiler, its installation and the shipping: base, 21 % and the total paid to the cent", () => {
    const amounts = invoiceAmounts(
      [
        { description: "Caldera Hermann Micracom Condens 20", inclusiveCents: 129900 },
        { description: "Instalación de caldera", inclusiveCents: 39900 },
        { description: "Gastos de envío", inclusiveCents: 795 },
      ],
      true,
    );
    expect(amounts.totalCents).toBe(170595);
    expect(amounts.baseCents).toBe(140988); // 170 595 / 1,21 = 140 987,6
    expect(amounts.vatCents).toBe(29607);
    expect(amounts.lines.map((line) => line.baseCents)).toEqual([107356, 32975, 657]);
    expect(amounts.rate).toBe(21);
  });

  it("always: lines add up to the base, base + VAT is what was paid, VAT is 21 % of the base within a cent", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 40 }), (prices) => {
        const amounts = invoiceAmounts(prices.map((cents, i) => ({ description: `Línea ${i}`, inclusiveCents: cents })), true);
        const paid = prices.reduce((a, b) => a + b, 0);
        expect(amounts.totalCents).toBe(paid);
        expect(amounts.baseCents + amounts.vatCents).toBe(paid);
        expect(amounts.lines.reduce((sum, line) => sum + line.baseCents, 0)).toBe(amounts.baseCents);
        expect(Math.abs(amounts.vatCents - amounts.baseCents * 0.21)).toBeLessThanOrEqual(1);
        for (const [i, line] of amounts.lines.entries()) expect(Math.abs(line.baseCents - prices[i]! / 1.21)).toBeLessThan(1);
      }),
    );
  });
});

describe("outside the VAT territory", () => {
  it("the exemption's legal reference names the territory (which territory: money.test.ts)", () => {
    expect(exemptionText(territoryOfPostcode("28009"))).toBeNull();
    expect(exemptionText(territoryOfPostcode("35001"))).toContain("con destino a Canarias, exportación según el artículo 21 de la Ley 37/1992");
    expect(exemptionText("melilla")).toContain("con destino a Melilla");
  });

  it("each line costs its price without VAT; no VAT", () => {
    const amounts = invoiceAmounts(
      [
        { description: "Aire acondicionado Daikin", inclusiveCents: 89900 },
        { description: "Gastos de envío", inclusiveCents: 795 },
      ],
      false,
    );
    expect(amounts.lines.map((line) => line.baseCents)).toEqual([74298, 657]);
    expect(amounts).toMatchObject({ rate: 0, baseCents: 74955, vatCents: 0, totalCents: 74955 });
    expect(withoutVatCents(121)).toBe(100);
  });
});

describe("a rectifying invoice", () => {
  it("turns every sign", () => {
    const amounts = invoiceAmounts([{ description: "Termostato", inclusiveCents: 4900 }], true);
    expect(negated(amounts)).toEqual({ lines: [{ description: "Termostato", baseCents: -4050 }], rate: 21, baseCents: -4050, vatCents: -850, totalCents: -4900 });
  });
});
