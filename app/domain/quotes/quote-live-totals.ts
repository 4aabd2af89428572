import { parseEuros } from "../money";
import { QUOTE_LINE_KINDS, type AlternativeKey, type DepositRule, type QuoteLine, type QuoteLineKind } from "./quote-content";
import { depositCents } from "./quote-deposit";
import { rowIndexes } from "./quote-editor-fields";
import { parseQuantity } from "./quote-format";
import { alternativeTotals } from "./quote-totals";

/*
 * The quote editor's running totals (issue 30): each option's base, VAT, total and deposit
 * from what is typed right now, as the owner types it (in the browser, without Zod: this
 * module stays small) and from the saved draft on the server. Lines not yet complete (no
 * price, a quantity that does not read) and lines marked to be removed count as nothing; the
 * form's own check still says what is wrong when it is saved. The amounts are the same
 * functions the sent quote, its PDF and the acceptance use (quote-totals.ts).
 */

export type LiveTotals = {
  key: AlternativeKey;
  lines: number;
  baseCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
  depositCents: number;
  /** The total at 10 %, when a dwelling's renovation allows it (the customer confirms it when accepting). */
  reducedTotalCents: number | null;
};

function lineOf(fields: Record<string, string>, key: AlternativeKey, index: number): QuoteLine | null {
  const p = `${key}-${index}-`;
  if (fields[`${p}remove`] === "on") return null;
  const unitCents = parseEuros(fields[`${p}price`] ?? "");
  const quantityMilli = parseQuantity(fields[`${p}quantity`] || "1");
  if (unitCents === null || quantityMilli === null) return null;
  const kind = (QUOTE_LINE_KINDS as readonly string[]).includes(fields[`${p}kind`] ?? "") ? (fields[`${p}kind`] as QuoteLineKind) : "material";
  return { kind, productId: null, description: fields[`${p}description`] ?? "", quality: "", quantityMilli, unit: "", unitCents, used: false };
}

/** The deposit rule as typed; an incomplete one asks nothing yet. */
function depositOf(fields: Record<string, string>): DepositRule {
  if (fields.depositKind === "porcentaje") {
    const percent = Number((fields.depositPercent ?? "").replace(",", "."));
    return Number.isFinite(percent) && percent > 0 && percent <= 100 ? { kind: "porcentaje", percent } : { kind: "ninguno" };
  }
  if (fields.depositKind === "importe") {
    const cents = parseEuros(fields.depositAmount ?? "");
    return cents !== null ? { kind: "importe", cents } : { kind: "ninguno" };
  }
  return { kind: "ninguno" };
}

export function liveTotals(fields: Record<string, string>, key: AlternativeKey): LiveTotals {
  const lines = rowIndexes(fields, key, 0)
    .map((index) => lineOf(fields, key, index))
    .filter((line): line is QuoteLine => line !== null);
  const totals = alternativeTotals({ key, title: "", lines }, fields.dwellingRenovation === "on");
  const [tax] = totals.standard.taxes;
  return {
    key,
    lines: lines.length,
    baseCents: totals.baseCents,
    vatRate: tax!.rate,
    vatCents: tax!.vatCents,
    totalCents: totals.standard.totalCents,
    depositCents: depositCents(depositOf(fields), totals.standard.totalCents),
    reducedTotalCents: totals.reduced?.totalCents ?? null,
  };
}
