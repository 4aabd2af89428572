import { decimalEuros } from "../money";
import type { AlternativeKey, QuoteDraft, QuoteParty, WorkPlace } from "./quote-content";

/*
 * The quote editor's field values (issue 17), without Zod: the editor's page needs these in
 * the browser (rowIndexes), and Zod would put about 30 KB into its first load. The form's
 * schema and parser are in quote-editor-form.ts (the action's).
 */

export type EditorValue = { customer: QuoteParty; workPlace: WorkPlace; draft: QuoteDraft };

/** The editor action's answer; `takenName`: «Guardar como plantilla» found that name taken, the page offers «Reemplazar». */
export type EditorReply =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string>; fields: Record<string, string>; takenName?: string };

export const LINE_FIELD = /^([ABC])-(\d{1,3})-(kind|description|quality|quantity|unit|price|used|productId|remove)$/;

/** The editor's field values for a saved draft (the form renders from these, or from what was posted). */
export function editorFields(value: EditorValue): Record<string, string> {
  const { customer, workPlace, draft } = value;
  const fields: Record<string, string> = {
    customerName: customer.name,
    customerNif: customer.nif,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    customerAddress: customer.address,
    customerPostcode: customer.postcode,
    customerTown: customer.town,
    customerProvince: customer.province,
    placeAddress: workPlace.address,
    placePostcode: workPlace.postcode,
    placeTown: workPlace.town,
    placeProvince: workPlace.province,
    description: draft.description,
    guarantee: draft.guarantee,
    notes: draft.notes,
    startOn: draft.startOn ?? "",
    endOn: draft.endOn ?? "",
    validityDays: String(draft.validityDays),
    depositKind: draft.deposit.kind,
    depositPercent: draft.deposit.kind === "porcentaje" ? String(draft.deposit.percent) : "",
    depositAmount: draft.deposit.kind === "importe" ? decimalEuros(draft.deposit.cents) : "",
  };
  const same = workPlace.address === customer.address && workPlace.town === customer.town && workPlace.postcode === customer.postcode && workPlace.province === customer.province;
  if (same && workPlace.address) fields.placeSame = "on";
  if (draft.dwellingRenovation) fields.dwellingRenovation = "on";
  for (const alternative of draft.alternatives) {
    fields[`alt-${alternative.key}-title`] = alternative.title;
    alternative.lines.forEach((line, i) => {
      const p = `${alternative.key}-${i}-`;
      fields[`${p}kind`] = line.kind;
      fields[`${p}description`] = line.description;
      fields[`${p}quality`] = line.quality;
      fields[`${p}quantity`] = String(line.quantityMilli / 1000).replace(".", ",");
      fields[`${p}unit`] = line.unit;
      fields[`${p}price`] = decimalEuros(line.unitCents);
      fields[`${p}productId`] = line.productId === null ? "" : String(line.productId);
      if (line.used) fields[`${p}used`] = "on";
    });
  }
  return fields;
}

/** The line rows an alternative has in `fields`, and `blank` empty rows after them. */
export function rowIndexes(fields: Record<string, string>, key: AlternativeKey, blank = 2): number[] {
  const used = new Set<number>();
  for (const name of Object.keys(fields)) {
    const match = LINE_FIELD.exec(name);
    if (match && match[1] === key) used.add(Number(match[2]));
  }
  const sorted = [...used].sort((a, b) => a - b);
  const next = sorted.length ? sorted[sorted.length - 1]! + 1 : 0;
  return [...sorted, ...Array.from({ length: blank }, (_, i) => next + i)];
}
