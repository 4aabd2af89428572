// What app/server/http/app.server.ts hands every loader and action (React Router's load context).
import "react-router";
import type { PageCacheNote } from "../app/server/page-cache/page-cache.server";

declare module "react-router" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (absent under the dev server and in tests). */
    cspNonce?: string;
    /** What this render tells the page cache (issue 14); absent where there is none. */
    pageCache?: PageCacheNote;
  }
}
