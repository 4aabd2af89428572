import { createContext, RouterContextProvider } from "react-router";
import type { PageCacheNote } from "../page-cache/page-cache.server";

/*
 * What the Express layer hands every render besides the request (React Router's load context,
 * a RouterContextProvider since React Router 8). Loaders and actions do not read it; the server
 * entry does, and the basket keys its per-request state on the provider object itself.
 */

export type ShopRender = {
  /** This response's Content-Security-Policy nonce. */
  cspNonce: string;
  /** What this render tells the page cache (issue 14); absent where there is none. */
  pageCache?: PageCacheNote;
};

/** Absent (null) under the dev server and in tests, which have no Express layer. */
export const shopRender = createContext<ShopRender | null>(null);

/** A new provider per request: per-request state keyed on it must never be shared between requests. */
export function shopLoadContext(render: ShopRender): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(shopRender, render);
  return provider;
}
