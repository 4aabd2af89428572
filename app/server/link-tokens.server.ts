import { randomBytes } from "node:crypto";

/*
 * The customer's links that open a page without signing in (a quote, issue 17; a phone
 * order's payment, issue 30): 32 random bytes, base64url; unguessable, nothing else in them.
 */

export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function isLinkToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}
