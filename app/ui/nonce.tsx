import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (app/entry.server.tsx).
 * Inline scripts and styles carry it; in the browser it is not needed and stays undefined.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
