import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderQuote, sameQuote, summarize, type PricingProduct } from "./basket-pricing";
import { chargedBasket, orderVat, vatChangeMessage } from "./basket-vat";
import { chargedInvoiceAmounts } from "../invoices/charged-amounts";
import { formatEuros } from "../money";
import type { BasketLine } from "../catalogue/product";

const boiler: PricingProduct = { id: 4, family: "calderas", brand: "Baxi", model: "Platinum", type: "Condensación", priceCents: 121000, stock: 5, image: "/x.jpg" };
const thermostat: PricingProduct = { id: 14, family: "termostatos", brand: "Honeywell", model: "T87", type: "analogico", priceCents: 4900, stock: 5, image: "/x.jpg" };
const oneBoiler: BasketLine[] = [{ id: 4, familia: "calderas", cantidad: 1, opcion: "natural" }];

describe("a basket charged for where it goes (decision 0009)", () => {
  it("a 1.210,00 € boiler and its 19,95 € shipping to 35001 (Las Palmas): 1.000,00 + 16,49 = 1.016,49 €, no VAT", () => {
    const { lines } = summarize(oneBoiler, [boiler]);
    const charged = chargedBasket(lines, "35001");
    expect(charged.territory).toBe("canarias");
    expect(charged.lines.map((line) => [line.priceCents, line.shippingCents])).toEqual([[100000, 1649]]);
    expect(charged.totals).toEqual({ linesCents: 100000, shippingCents: 1649, totalCents: 101649, withoutVatCents: 101649, vatCents: 0, vatExempt: true });
  });

  it("the same basket to Madrid, or before the address is known: 1.229,95 € with VAT, as the shop's prices", () => {
    const { lines, totals } = summarize(oneBoiler, [boiler]);
    for (const postcode of ["28009", "07001", null]) {
      const charged = chargedBasket(lines, postcode);
      expect(charged.totals).toEqual({ ...totals, vatExempt: false });
      expect(charged.totals.totalCents).toBe(122995);
      expect(charged.totals.withoutVatCents).toBe(101649); // 1 229,95 / 1,21 = 1 016,487
    }
  });

  it("Ceuta (51) and Melilla (52) too; Santa Cruz de Tenerife (38) is Canarias", () => {
    const { lines } = summarize([...oneBoiler, { id: 14, familia: "termostatos", cantidad: 1 }], [boiler, thermostat]);
    expect(chargedBasket(lines, "51001").territory).toBe("ceuta");
    expect(chargedBasket(lines, "52006").territory).toBe("melilla");
    const tenerife = chargedBasket(lines, "38001");
    expect(tenerife.territory).toBe("canarias");
    // 4 900 / 1,21 = 4 049,6 -> 4 050; 795 / 1,21 = 657,0 -> 657.
    expect(tenerife.lines.map((line) => [line.priceCents, line.shippingCents])).toEqual([
      [100000, 1649],
      [4050, 657],
    ]);
    expect(tenerife.totals.totalCents).toBe(100000 + 1649 + 4050 + 657);
  });

  it("always: the exempt lines add up to the amount, each line is its price without VAT to the cent", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 12 }), (prices) => {
        const products = prices.map((priceCents, i): PricingProduct => ({ ...thermostat, id: i + 1, priceCents }));
        const basket = products.map((product): BasketLine => ({ id: product.id, familia: "termostatos", cantidad: 1 }));
        const charged = chargedBasket(summarize(basket, products).lines, "38001");
        const sum = charged.lines.reduce((total, line) => total + line.priceCents + line.shippingCents, 0);
        expect(charged.totals.totalCents).toBe(sum);
        charged.lines.forEach((line, i) => expect(Math.abs(line.priceCents * 1.21 - prices[i]!)).toBeLessThanOrEqual(0.605));
      }),
    );
  });

  it("a flagged line still counts for nothing", () => {
    const { lines } = summarize(oneBoiler, [{ ...boiler, stock: 0 }]);
    expect(chargedBasket(lines, "35001").totals.totalCents).toBe(0);
  });
});

describe("the quote the customer confirms, across the VAT border", () => {
  const { lines, totals } = summarize(oneBoiler, [boiler]);
  const shownWithVat = orderQuote({ lines, totals });

  it("differs between the peninsula and Canarias, so the order is refused and priced again", () => {
    const canarias = chargedBasket(lines, "35001");
    expect(sameQuote(orderQuote(canarias), shownWithVat)).toBe(false);
    expect(sameQuote(orderQuote(chargedBasket(lines, "35001")), orderQuote(canarias))).toBe(true);
  });

  it("the refusal says why: VAT-free to the islands, with the new total; with VAT back to the peninsula", () => {
    const canarias = chargedBasket(lines, "35001");
    expect(vatChangeMessage(lines, canarias, shownWithVat)).toBe(
      `Los envíos a Canarias no llevan IVA español (exportación exenta, art. 21 de la Ley 37/1992): los artículos y los gastos de envío se cobran sin IVA. El nuevo total es ${formatEuros(101649)}. Revise el resumen y confirme de nuevo el pedido.`,
    );
    expect(vatChangeMessage(lines, chargedBasket(lines, "28009"), orderQuote(canarias))).toBe(
      `Los envíos a la Península y Baleares llevan IVA: el nuevo total, IVA incluido, es ${formatEuros(122995)}. Revise el resumen y confirme de nuevo el pedido.`,
    );
  });

  it("a basket that changed for another reason gets no VAT message (the generic one applies)", () => {
    const dearer = summarize(oneBoiler, [{ ...boiler, priceCents: 130000 }]);
    expect(vatChangeMessage(dearer.lines, chargedBasket(dearer.lines, "35001"), shownWithVat)).toBeNull();
  });
});

describe("stored orders", () => {
  it("an order's VAT as the checkout charged it: the amount is the base when exempt", () => {
    expect(orderVat(101649, "35001", true)).toEqual({ vatExempt: true, withoutVatCents: 101649, vatCents: 0, territory: "canarias" });
    expect(orderVat(122995, "28009", false)).toEqual({ vatExempt: false, withoutVatCents: 101649, vatCents: 21346, territory: "peninsula-baleares" });
    // Placed with VAT before VAT-free shipping existed: it stays an order with VAT.
    expect(orderVat(122995, "35001", false)).toMatchObject({ vatExempt: false, vatCents: 21346, territory: "canarias" });
  });
});

describe("invoice amounts of what was charged", () => {
  const exempt = [
    { description: "Baxi Platinum", chargedCents: 100000 },
    { description: "Gastos de envío", chargedCents: 1649 },
  ];

  it("exempt: each line is its own base, rate 0, base = total = the order's amount", () => {
    expect(chargedInvoiceAmounts(exempt, false)).toEqual({
      lines: [
        { description: "Baxi Platinum", baseCents: 100000 },
        { description: "Gastos de envío", baseCents: 1649 },
      ],
      rate: 0,
      baseCents: 101649,
      vatCents: 0,
      totalCents: 101649,
    });
  });

  it("with VAT: the prices include it, taken out once on the total", () => {
    const amounts = chargedInvoiceAmounts(
      [
        { description: "Baxi Platinum", chargedCents: 121000 },
        { description: "Gastos de envío", chargedCents: 1995 },
      ],
      true,
    );
    expect(amounts).toMatchObject({ rate: 21, baseCents: 101649, vatCents: 21346, totalCents: 122995 });
    expect(amounts.lines.reduce((sum, line) => sum + line.baseCents, 0)).toBe(101649);
  });
});
