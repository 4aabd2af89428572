// What app/server/http/app.server.ts hands every loader and action (React Router's load context).
import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (absent under the dev server and in tests). */
    cspNonce?: string;
  }
}
