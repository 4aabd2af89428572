import { chargesSpanishVat, EXEMPT_VAT_RATE, STANDARD_VAT_RATE, territoryName, withoutVatCents, type VatTerritory } from "../money";

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

/** The legal reference printed on an invoice without Spanish VAT. */
export function exemptionText(territory: VatTerritory): string | null {
  if (chargesSpanishVat(territory)) return null;
  return `Operación exenta de IVA: entrega de bienes con destino a ${territoryName(territory)}, exportación según el artículo 21 de la Ley 37/1992, del Impuesto sobre el Valor Añadido.`;
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
    const bases = lines.map((line) => ({ description: line.description, baseCents: withoutVatCents(line.inclusiveCents) }));
    const total = bases.reduce((sum, line) => sum + line.baseCents, 0);
    return { lines: bases, rate: EXEMPT_VAT_RATE, baseCents: total, vatCents: 0, totalCents: total };
  }
  const totalCents = lines.reduce((sum, line) => sum + line.inclusiveCents, 0);
  const baseCents = withoutVatCents(totalCents);
  return { lines: shareOut(lines, baseCents), rate: STANDARD_VAT_RATE, baseCents, vatCents: totalCents - baseCents, totalCents };
}

/** Each line's exact base (price / 1.21), floored, plus one cent to the largest remainders until they add up to `baseCents`. */
function shareOut(lines: readonly AmountLine[], baseCents: number): { description: string; baseCents: number }[] {
  const exact = lines.map((line) => (line.inclusiveCents * 100) / (100 + STANDARD_VAT_RATE));
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
