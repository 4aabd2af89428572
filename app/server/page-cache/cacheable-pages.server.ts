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

export type LeafMatch = { routeId: string; params: Record<string, string | undefined>; url: URL };

type Dependencies = (leaf: LeafMatch) => string[];

const SITE: Dependencies = () => ["site"];

const CATALOGUE: Dependencies = ({ url }) => ["site", `f:${url.pathname.split("/")[2]}`];

const PAGES: Record<string, Dependencies> = {
  "routes/home": SITE,
  "routes/shop-index": () => ["site", "products"],
  "catalogo-calderas": CATALOGUE,
  "catalogo-aires": CATALOGUE,
  "catalogo-aerotermia": CATALOGUE,
  "catalogo-termostatos": CATALOGUE,
  "routes/product-detail": ({ params }) => ["site", `p:${params.id}`],
  "routes/maintenance-offer": SITE,
  // ?producto=<id> names the product the request is about.
  "routes/contact": ({ url }) => (url.searchParams.has("producto") ? ["site", "products"] : ["site"]),
  "routes/thanks": SITE,
  "routes/services": SITE,
  "routes/renovations": SITE,
  "routes/quote": SITE,
  "routes/info-calderas": SITE,
  "routes/info-aires": SITE,
  "routes/info-aerotermia": SITE,
  "routes/info-termostatos": SITE,
  "routes/cookie-policy": SITE,
  "routes/privacy-policy": SITE,
  "routes/purchase-conditions": SITE,
  "routes/legal-notice": SITE,
  "promo-calderas": SITE,
  "promo-aires": SITE,
  "promo-saunier": SITE,
  "promo-aero": SITE,
  "promo-reparaciones": SITE,
  "routes/promo-granada": SITE,
};

/** The tags of a page everyone sees alike, or null for a page rendered per visitor. */
export function pageDependencies(leaf: LeafMatch): string[] | null {
  const dependencies = PAGES[leaf.routeId];
  return dependencies ? dependencies(leaf) : null;
}

export const CACHEABLE_ROUTE_IDS = Object.keys(PAGES);
