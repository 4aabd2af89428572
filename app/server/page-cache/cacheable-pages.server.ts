/*
 * The pages that are the same for every visitor, and what each one shows from the database
 * (issue 14). Only these are kept by the page cache; any other page (basket, checkout, the
 * customer's area, the back office, sign-in) is rendered for each request and sent
 * `private, no-store`. What varies per visitor on these pages comes from the root loader
 * only (the basket badge, the cookie decision) and is part of the cache key.
 *
 * Tags name what a page depends on; the database's triggers (page_changes) write the same
 * names: "site" for the flags and the home page's pictures (every page shows the flags),
 * "products" for any product, "f:<family>" for a family's products, "p:<id>" for one.
 */

import { parseComparisonParam, PRODUCTS_PARAM } from "~/domain/catalogue/comparison";
import { isSizedFamily } from "~/domain/sizing/sizing-inputs";

export type LeafMatch = { routeId: string; params: Record<string, string | undefined>; url: URL };

type Dependencies = (leaf: LeafMatch) => string[];

const SITE: Dependencies = () => ["site"];

const CATALOGUE: Dependencies = ({ url }) => ["site", `f:${url.pathname.split("/")[2]}`];

/*
 * Not kept, on purpose: the search's results (routes/search, /buscar?q=, issue 15, decision
 * 0013). Its addresses are as many as the things people type, most asked once: in this
 * size-bounded least-recently-served store they would push out the catalogue and product pages
 * that many visitors share, and anyone could empty the store by asking for random words.
 * They would also be dropped at every order (stock moves change "products"). A search is a
 * few milliseconds on the indexes (app/server/catalogue/search.server.ts), so it is rendered
 * per request and sent `private, no-store`. The suggestions (/buscar/sugerencias, JSON) are
 * not pages: they carry their own short public Cache-Control.
 */
const PAGES: Record<string, Dependencies> = {
  "routes/site/home": SITE,
  "routes/catalogue/shop-index": () => ["site", "products"],
  "catalogo-calderas": CATALOGUE,
  "catalogo-aires": CATALOGUE,
  "catalogo-aerotermia": CATALOGUE,
  "catalogo-termostatos": CATALOGUE,
  // A sold-out product's back-in-stock form is the same for everyone (issue 15); its answers
  // (/avisos-disponibilidad and the e-mails' links) are personal and not listed here.
  "routes/catalogue/product-detail": ({ params }) => ["site", `p:${params.id}`],
  "routes/catalogue/maintenance-offer": SITE,
  // ?producto=<id> names the product the request is about.
  "routes/quotes/contact": ({ url }) => (url.searchParams.has("producto") ? ["site", "products"] : ["site"]),
  "routes/quotes/thanks": SITE,
  "routes/site/services": SITE,
  "routes/site/renovations": SITE,
  "routes/quotes/quote": SITE,
  "routes/site/info-calderas": SITE,
  "routes/site/info-aires": SITE,
  "routes/site/info-aerotermia": SITE,
  "routes/site/info-termostatos": SITE,
  "routes/site/cookie-policy": SITE,
  "routes/site/privacy-policy": SITE,
  "routes/site/purchase-conditions": SITE,
  "routes/site/legal-notice": SITE,
  "promo-calderas": SITE,
  "promo-aires": SITE,
  "promo-saunier": SITE,
  "promo-aero": SITE,
  "promo-reparaciones": SITE,
  "routes/site/promo-granada": SITE,
  // The comparison reads its address only (issue 15): it depends on the products it names.
  "routes/catalogue/compare": ({ url }) => ["site", ...parseComparisonParam(url.searchParams.get(PRODUCTS_PARAM)).ids.map((id) => `p:${id}`)],
  // The sizing advisor is the same for everyone (a GET form, no session), but an answer shows
  // how many of the family's products fit: it depends on that family's products.
  "routes/sizing/sizing-advisor": ({ url }) => {
    const family = url.searchParams.get("familia") ?? "aires";
    return isSizedFamily(family) ? ["site", `f:${family}`] : ["site"];
  },
};

/** The tags of a page everyone sees alike, or null for a page rendered per visitor. */
export function pageDependencies(leaf: LeafMatch): string[] | null {
  const dependencies = PAGES[leaf.routeId];
  return dependencies ? dependencies(leaf) : null;
}

export const CACHEABLE_ROUTE_IDS = Object.keys(PAGES);
