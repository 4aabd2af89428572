import { VAT_RATE } from "../catalogue/service-prices";

/*
 * The amounts of an invoice (issue 13), pure. Catalogue, service and shipping prices are
 * VAT-inclusive (21 %); an invoice shows each line without VAT, the tax base, the VAT and the
 * total. Rounding is done once, on the total: the base is total / 1.21 to the cent, the VAT
 * the rest, so the invoice's total is exactly what the customer paid; the lines' bases are
 * their exact shares with the leftover cents given by largest remainder, so they add up to the
 * base to the cent.
 *
 * Goods shipped to the Canary Islands, Ceuta or Melilla are not charged Spanish VAT: they
 * leave the territory where it applies (Ley 37/1992, art. 3) and are exempt as exports (art.
 * 21). Such an invoice has rate 0 and carries the exemption's reference (decision 0009).
 */

export const VAT_PERCENT = Math.round(VAT_RATE * 100);

export type VatTerritory = "peninsula-baleares" | "canarias" | "ceuta" | "melilla";

/** Where VAT applies, by the postal code of the delivery address: 35 and 38 Canarias, 51 Ceuta, 52 Melilla. */
export function territoryOfPostcode(postcode: string): VatTerritory {
  const prefix = postcode.trim().slice(0, 2);
  if (prefix === "35" || prefix === "38") return "canarias";
  if (prefix === "51") return "ceuta";
  if (prefix === "52") return "melilla";
  return "peninsula-baleares";
}

export function chargesSpanishVat(territory: VatTerritory): boolean {
  return territory === "peninsula-baleares";
}

const TERRITORY_NAMES: Record<Exclude<VatTerritory, "peninsula-baleares">, string> = { canarias: "Canarias", ceuta: "Ceuta", melilla: "Melilla" };

/** The legal reference printed on an invoice without Spanish VAT. */
export function exemptionText(territory: VatTerritory): string | null {
  if (territory === "peninsula-baleares") return null;
  return `Operación exenta de IVA: entrega de bienes con destino a ${TERRITORY_NAMES[territory]}, exportación según el artículo 21 de la Ley 37/1992, del Impuesto sobre el Valor Añadido.`;
}

/** A price without VAT, to the cent: what a customer outside the VAT territory pays. */
export function priceWithoutVat(inclusiveCents: number): number {
  return Math.round((inclusiveCents * 100) / (100 + VAT_PERCENT));
}

export type AmountLine = { description: string; inclusiveCents: number };

export type InvoiceAmounts = {
  lines: { description: string; baseCents: number }[];
  rate: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
};

/**
 * The invoice amounts of lines whose prices include VAT. With VAT: the total is the sum of
 * the prices. Without (exempt): each line costs its price without VAT, and that is the total.
 */
export function invoiceAmounts(lines: readonly AmountLine[], withVat: boolean): InvoiceAmounts {
  if (!withVat) {
    const bases = lines.map((line) => ({ description: line.description, baseCents: priceWithoutVat(line.inclusiveCents) }));
    const total = bases.reduce((sum, line) => sum + line.baseCents, 0);
    return { lines: bases, rate: 0, baseCents: total, vatCents: 0, totalCents: total };
  }
  const totalCents = lines.reduce((sum, line) => sum + line.inclusiveCents, 0);
  const baseCents = priceWithoutVat(totalCents);
  return { lines: shareOut(lines, baseCents), rate: VAT_PERCENT, baseCents, vatCents: totalCents - baseCents, totalCents };
}

/** Each line's exact base (price / 1.21), floored, plus one cent to the largest remainders until they add up to `baseCents`. */
function shareOut(lines: readonly AmountLine[], baseCents: number): { description: string; baseCents: number }[] {
  const exact = lines.map((line) => (line.inclusiveCents * 100) / (100 + VAT_PERCENT));
  const shares = exact.map((value) => Math.floor(value));
  let left = baseCents - shares.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return lines.map((line, index) => ({ description: line.description, baseCents: shares[index]! }));
}

/** The same amounts with the sign turned, for a rectifying invoice that cancels them. */
export function negated(amounts: InvoiceAmounts): InvoiceAmounts {
  return {
    lines: amounts.lines.map((line) => ({ ...line, baseCents: -line.baseCents })),
    rate: amounts.rate,
    baseCents: -amounts.baseCents,
    vatCents: -amounts.vatCents,
    totalCents: -amounts.totalCents,
  };
}
