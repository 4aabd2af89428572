import { checkSearchParams } from "~/domain/catalogue/search-params-schema";
import { firstMessage } from "~/domain/fields/field-errors";
import { parseSearchQuery } from "~/domain/catalogue/search-query";
import type { SuggestionItem } from "~/domain/catalogue/search-state";
import { catalogueHref, detailHref, FAMILY_LABELS } from "~/domain/catalogue/product";
import { log } from "../log.server";
import { hitSuggestionsRateLimit } from "../rate-limit.server";
import { suggestProducts } from "./search.server";

/*
 * /buscar/sugerencias?q=: what the header's search field suggests while the customer types
 * (issue 15): the families the words name, then the best products, SUGGESTION_LIMIT in all,
 * as JSON. The same for everyone, so browsers and shared caches may keep an answer a minute.
 * A customer typing, debounced, asks a few times a second at most; a script asking hundreds of
 * times a minute is told to wait (429) before it reaches the database (the limit is counted in
 * memory: app/server/rate-limit.server.ts says why).
 */

export const SUGGESTION_LIMIT = 8;
const MAX_FAMILIES = 2;

export type SuggestionsReply = { q: string; items: SuggestionItem[] } | { error: string };

const json = (body: SuggestionsReply, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store", ...headers } });

export async function suggestionsResponse(request: Request): Promise<Response> {
  const checked = checkSearchParams(new URL(request.url).searchParams);
  if (!checked.success) return json({ error: firstMessage(checked.error, "Búsqueda no válida.") }, 400);
  if (!hitSuggestionsRateLimit(request)) {
    return json({ error: "Demasiadas búsquedas seguidas: espere un minuto." }, 429, { "Retry-After": "60" });
  }
  const typed = checked.data.q;
  // A last word not followed by a space is still being typed ("aerot" is aerotermia).
  const query = parseSearchQuery(typed, { typing: !/\s$/.test(typed) });
  const families: SuggestionItem[] = query.families.slice(0, MAX_FAMILIES).map((family) => ({
    kind: "familia",
    label: FAMILY_LABELS[family].plural,
    href: catalogueHref(family),
  }));
  const started = performance.now();
  try {
    const found = await suggestProducts(query, SUGGESTION_LIMIT - families.length);
    const took = performance.now() - started;
    const products: SuggestionItem[] = found.map((product) => ({
      kind: "producto",
      label: `${product.brand} ${product.model}`,
      detail: [FAMILY_LABELS[product.family].singular, product.powerKw ? `${String(product.powerKw).replace(".", ",")} kW` : null]
        .filter(Boolean)
        .join(" · "),
      priceCents: product.priceCents,
      href: detailHref(product),
    }));
    return json({ q: query.text, items: [...families, ...products] }, 200, {
      "Cache-Control": "public, max-age=60",
      // The database's share of the answer, read by the bench (scripts/bench/catalogue-scale.ts).
      "Server-Timing": `search;dur=${took.toFixed(1)}`,
    });
  } catch (error) {
    log("search").error({ err: error }, "no se pudieron leer las sugerencias");
    return json({ error: "No podemos sugerir nada ahora mismo. Pulse Intro para buscar." }, 503);
  }
}
