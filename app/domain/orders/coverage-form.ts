/*
 * The postcode check's form and answer (issue 15), without the rule itself: the browser's
 * part of it (app/ui/orders/coverage-check.tsx) needs these names only, not the province tables of
 * app/domain/orders/service-area.ts.
 */

/** The pages that offer the check; each answers in its own words (service-area.ts). */
export const COVERAGE_CONTEXTS = ["equipo", "servicios", "mantenimiento", "reformas"] as const;
export type CoverageContext = (typeof COVERAGE_CONTEXTS)[number];

/** The check's page and its GET form's fields (app/routes/orders/coverage.tsx). */
export const COVERAGE_PATH = "/cobertura";
export const POSTCODE_FIELD = "cp";
export const CONTEXT_FIELD = "contexto";
export const BACK_FIELD = "volver";

export type CoverageAnswer =
  | { kind: "invalid"; message: string }
  | { kind: "inside" | "outside"; postcode: string; message: string };
