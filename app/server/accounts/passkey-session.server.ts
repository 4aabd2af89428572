import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { getAuth } from "../auth.server";
import type { Database } from "../db/client.server";
import { session as sessionTable } from "./accounts-schema.server";
import { clientAddress } from "../rate-limit.server";
import { deviceCookieOptions, deviceCookieName } from "./staff-devices.server";

/*
 * Sessions that a passkey opens (issue 28). better-auth has no endpoint for our passkeys (its
 * own plugin could not be installed), so the session is made with its internal adapter (the
 * same row, hooks and expiry as a password sign-in) and its cookie is signed the way
 * better-auth signs it: "<token>.<HMAC-SHA256 of the token with the secret, base64>",
 * URL-encoded (better-call's signCookieValue), so better-auth reads it back as its own.
 */

type CookieAttributes = { secure?: boolean; sameSite?: string; path?: string; httpOnly?: boolean; domain?: string };

function sign(value: string, secret: string): string {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;
}

function setCookieLine(name: string, value: string, attributes: CookieAttributes, maxAge: number | null): string {
  const parts = [`${name}=${value}`];
  if (maxAge !== null) parts.push(`Max-Age=${Math.floor(maxAge)}`);
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  parts.push(`Path=${attributes.path ?? "/"}`);
  if (attributes.httpOnly !== false) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  parts.push(`SameSite=${attributes.sameSite ? attributes.sameSite[0]!.toUpperCase() + attributes.sameSite.slice(1) : "Lax"}`);
  return parts.join("; ");
}

/** The value of a signed better-auth cookie of this request, or null when absent or its signature is wrong. */
function signedCookie(request: Request, name: string, secret: string): string | null {
  for (const pair of (request.headers.get("cookie") ?? "").split(/;\s*/)) {
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq) !== name) continue;
    let raw: string;
    try {
      raw = decodeURIComponent(pair.slice(eq + 1));
    } catch {
      return null;
    }
    const dot = raw.lastIndexOf(".");
    if (dot <= 0) return null;
    const value = raw.slice(0, dot);
    const expected = Buffer.from(sign(value, secret));
    const given = Buffer.from(raw);
    return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
  }
  return null;
}

export type OpenedSession = { token: string; cookies: string[] };

/**
 * A session for this user that has passed the second factor and proved its owner now (a
 * passkey with user verification is both factors). Throws better-auth's BANNED_USER error
 * when the account is disabled: the admin plugin's hook refuses the session as at any sign-in.
 */
export async function openPasskeySession(db: Database, request: Request, userId: string, now = new Date()): Promise<OpenedSession> {
  const context = await (await getAuth()).$context;
  const created = await context.internalAdapter.createSession(userId, false, {
    ipAddress: clientAddress(request),
    userAgent: request.headers.get("user-agent") ?? "",
  });
  if (!created) throw new Error("better-auth no ha creado la sesión");
  await db.update(sessionTable).set({ secondFactorAt: now, reauthenticatedAt: now }).where(eq(sessionTable.token, created.token));
  const cookie = context.authCookies.sessionToken;
  const value = encodeURIComponent(sign(created.token, context.secret));
  const cookies = [setCookieLine(cookie.name, value, cookie.attributes, context.sessionConfig.expiresIn)];
  // A pending password sign-in (better-auth's two-factor cookie) is over now.
  cookies.push(setCookieLine(context.createAuthCookie("two_factor").name, "", cookie.attributes, 0));
  return { token: created.token, cookies };
}

/** A password sign-in waiting for its second factor: the user it is for, and the key to end it. */
export type PendingSignIn = { userId: string; identifier: string };

/** Reads better-auth's two-factor cookie (signed) and its verification row, as its verify endpoints do. */
export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const context = await (await getAuth()).$context;
  const identifier = signedCookie(request, context.createAuthCookie("two_factor").name, context.secret);
  if (!identifier) return null;
  const row = await context.internalAdapter.findVerificationValue(identifier);
  if (!row || new Date(row.expiresAt) < new Date()) return null;
  return { userId: row.value, identifier };
}

/** Ends the pending sign-in once: a second use of the same cookie finds nothing. */
export async function consumePendingSignIn(pending: PendingSignIn): Promise<boolean> {
  const context = await (await getAuth()).$context;
  const consumed = await context.internalAdapter.consumeVerificationValue(pending.identifier);
  return consumed?.value === pending.userId;
}

/** The staff browser's device cookie (staff-devices.server.ts) as a Set-Cookie line. */
export function deviceCookieLine(deviceId: string): string {
  const options = deviceCookieOptions();
  return setCookieLine(deviceCookieName(), deviceId, options, options.maxAge);
}
