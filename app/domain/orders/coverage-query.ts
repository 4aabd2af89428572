import { z } from "zod";
import { safeRedirectPath } from "../accounts/safe-redirect";
import { BACK_FIELD, CONTEXT_FIELD, COVERAGE_CONTEXTS, COVERAGE_PATH, POSTCODE_FIELD, type CoverageContext } from "./coverage-form";

/*
 * The postcode check's GET form (/cobertura?cp=...&contexto=...&volver=...): without
 * JavaScript the visitor lands on /cobertura and goes back with the link; with it, a fetcher
 * asks the same loader and the answer shows in place. Nothing here is stored or personal.
 */

const querySchema = z.object({
  cp: z.string().max(20).optional().catch(undefined),
  contexto: z.enum(COVERAGE_CONTEXTS).catch("equipo"),
  volver: z.string().optional().catch(undefined),
});

export type CoverageQuery = { postcode: string | null; context: CoverageContext; back: string | null };

/** The query as the page reads it; the way back is a path of this site, never /cobertura itself. */
export function parseCoverageQuery(params: URLSearchParams): CoverageQuery {
  const parsed = querySchema.parse({
    cp: params.get(POSTCODE_FIELD) ?? undefined,
    contexto: params.get(CONTEXT_FIELD) ?? undefined,
    volver: params.get(BACK_FIELD) ?? undefined,
  });
  const back = parsed.volver ? safeRedirectPath(parsed.volver, "") : "";
  return {
    postcode: parsed.cp?.trim() ? parsed.cp.trim() : null,
    context: parsed.contexto,
    back: back && !back.startsWith(COVERAGE_PATH) ? back : null,
  };
}
