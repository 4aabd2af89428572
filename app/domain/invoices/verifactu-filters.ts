import { parseInvoiceFilters } from "./invoice-filters";

/*
 * The back office's VERI*FACTU list (issue 13): where each record stands with the AEAT, and
 * the filters of the list's address (the invoices' period and page, plus a state).
 */

export const SUBMISSION_STATES = ["pendiente", "aceptado", "aceptado con errores", "rechazado"] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  pendiente: "Pendiente de envío",
  aceptado: "Aceptado por la AEAT",
  "aceptado con errores": "Aceptado con errores",
  rechazado: "Rechazado por la AEAT",
};

export type RecordFilters = { from: string; to: string; state: SubmissionState | null; page: number };

export function parseRecordFilters(params: URLSearchParams, now: Date = new Date()): { ok: true; filters: RecordFilters } | { ok: false; error: string } {
  const period = parseInvoiceFilters(new URLSearchParams([...params].filter(([name]) => name !== "serie")), now);
  if (!period.ok) return period;
  const raw = params.get("estado")?.trim() ?? "";
  if (raw !== "" && !(SUBMISSION_STATES as readonly string[]).includes(raw)) {
    return { ok: false, error: "El estado no existe: elija pendiente, aceptado, aceptado con errores o rechazado." };
  }
  const { from, to, page } = period.filters;
  return { ok: true, filters: { from, to, page, state: raw === "" ? null : (raw as SubmissionState) } };
}

export function recordFiltersQuery(filters: Pick<RecordFilters, "from" | "to" | "state">, page = 1): string {
  const params = new URLSearchParams({ desde: filters.from, hasta: filters.to });
  if (filters.state) params.set("estado", filters.state);
  if (page > 1) params.set("pagina", String(page));
  return `?${params.toString()}`;
}
