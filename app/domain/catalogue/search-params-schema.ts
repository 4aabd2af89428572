import { z } from "zod";
import { MAX_QUERY_LENGTH } from "./search-field";

/*
 * The search's one input, checked by the page's and the suggestions' loaders (server only:
 * zod stays out of the pages' first load, issue 14). Longer than a search field holds: 400.
 */
export const searchParamsSchema = z.object({
  q: z.string().max(MAX_QUERY_LENGTH, `La búsqueda es demasiado larga: escriba como máximo ${MAX_QUERY_LENGTH} caracteres.`),
});

/** The first `q` of a URL (none: empty), checked. */
export function checkSearchParams(search: URLSearchParams) {
  return searchParamsSchema.safeParse({ q: search.get("q") ?? "" });
}
