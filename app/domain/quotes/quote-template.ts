import type { QuoteDraft, QuoteLine } from "./quote-content";

/*
 * Quote templates (issue 30): a saved starting point for a new quote ("Sustitución de caldera
 * de condensación"). A template keeps the work, the options with their lines and the terms; it
 * never keeps a customer, a work place or dates, which belong to one quote only.
 */

/** The longest name a template may have (its form's schema: quote-template-forms.ts). */
export const TEMPLATE_NAME_MAX = 100;

/** What a quote's draft leaves in a template: the work, options and terms; no dates. */
export function templateFromDraft(draft: QuoteDraft): QuoteDraft {
  return {
    description: draft.description,
    alternatives: draft.alternatives.map((alternative) => ({ ...alternative, lines: alternative.lines.map((line) => ({ ...line })) })),
    startOn: null,
    endOn: null,
    guarantee: draft.guarantee,
    validityDays: draft.validityDays,
    deposit: { ...draft.deposit },
    dwellingRenovation: draft.dwellingRenovation,
    notes: draft.notes,
  };
}

/** Today's price without VAT of each catalogue product still on sale, by id. */
export type CataloguePrices = ReadonlyMap<number, number>;

/**
 * A new quote's draft from a template. A catalogue line takes today's price, as a line added
 * from the catalogue in the editor does; a line whose product is gone or no longer on sale
 * keeps the template's price and loses its link to the catalogue (`unlinked` counts them, so
 * the owner is told to check them). With a request, its message is the description when the
 * template has none.
 */
export function draftFromTemplate(template: QuoteDraft, prices: CataloguePrices, fallbackDescription = ""): { draft: QuoteDraft; unlinked: number } {
  let unlinked = 0;
  const priced = (line: QuoteLine): QuoteLine => {
    if (line.productId === null) return { ...line };
    const unitCents = prices.get(line.productId);
    if (unitCents === undefined) {
      unlinked += 1;
      return { ...line, productId: null };
    }
    return { ...line, unitCents };
  };
  const draft = templateFromDraft(template);
  draft.alternatives = draft.alternatives.map((alternative) => ({ ...alternative, lines: alternative.lines.map(priced) }));
  if (!draft.description) draft.description = fallbackDescription;
  return { draft, unlinked };
}

/** The catalogue products a template names (to look their prices up once). */
export function templateProductIds(template: QuoteDraft): number[] {
  const ids = template.alternatives.flatMap((alternative) => alternative.lines.map((line) => line.productId)).filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

/** "2 opciones, 7 líneas": a template in the list. */
export function templateSummary(template: QuoteDraft): string {
  const options = template.alternatives.length;
  const lines = template.alternatives.reduce((sum, alternative) => sum + alternative.lines.length, 0);
  return `${options} ${options === 1 ? "opción" : "opciones"}, ${lines} ${lines === 1 ? "línea" : "líneas"}`;
}

/** What the editor says after a quote was started from a template (`unlinked`: lines no longer on sale). */
export function templateStartMessage(unlinked: number): string {
  const start = "Presupuesto empezado desde la plantilla: los productos del catálogo llevan el precio de hoy.";
  if (unlinked <= 0) return start;
  const lines = unlinked === 1 ? "1 producto ya no está a la venta y conserva" : `${unlinked} productos ya no están a la venta y conservan`;
  return `${start} ${lines} el precio de la plantilla: revíselo antes de enviarlo.`;
}
