import { createCookie } from "react-router";
import { publicBaseUrl } from "./config.server";

/** Every cookie of ours is HttpOnly, SameSite=Lax, and Secure when the shop is served over https. */
const secure = () => publicBaseUrl().startsWith("https:");

/**
 * The visitor's decision on optional cookies. Strictly necessary itself (it stores the
 * decision), kept 12 months as the Spanish data-protection authority (AEPD) suggests.
 */
export function consentCookie() {
  return createCookie("cookie_consent", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** Basket id; no expiry, so it lives for the browser session like the spec's sessionStorage. */
export function basketCookie() {
  return createCookie("carrito", { path: "/", httpOnly: true, sameSite: "lax", secure: secure() });
}

export type ConsentDecision = "accepted" | "rejected";

export async function readConsent(request: Request): Promise<ConsentDecision | null> {
  return consentFromCookies(request.headers.get("Cookie"));
}

/** The decision in a Cookie header (the page cache reads it before any request object exists). */
export async function consentFromCookies(header: string | null | undefined): Promise<ConsentDecision | null> {
  const value: unknown = await consentCookie().parse(header ?? null);
  return value === "accepted" || value === "rejected" ? value : null;
}
