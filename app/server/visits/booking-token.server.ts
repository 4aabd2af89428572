import { createHmac, timingSafeEqual } from "node:crypto";
import { createCookie } from "react-router";
import { authSecret } from "../auth.server";
import { publicBaseUrl } from "../config.server";

/*
 * The way from a quote request to its booking page (issue 17, decision 0015). The thank-you
 * page is kept in the page cache, the same bytes for everyone, so it cannot carry anything of
 * the request: the request's action sets this short-lived httpOnly cookie, and the page's plain
 * link "Elija el día de la visita" goes to /visita/reservar, which reads it.
 *
 * The token names the request and when it expires, signed (HMAC-SHA256) with a key derived
 * from the accounts' secret: nothing to store, and nobody can make one for another request.
 */

export const BOOKING_TOKEN_HOURS = 2;
const COOKIE_NAME = "reserva_visita";

const signingKey = () => createHmac("sha256", authSecret()).update("reserva-de-visita").digest();
const sign = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest("base64url");

/** A token for the request, valid BOOKING_TOKEN_HOURS from `now`. */
export function bookingToken(requestId: number, now = Date.now()): string {
  const payload = `${requestId}.${Math.floor(now / 1000) + BOOKING_TOKEN_HOURS * 3600}`;
  return `${payload}.${sign(payload)}`;
}

/** The request a token names, or null when it is malformed, forged or expired. */
export function readBookingToken(token: unknown, now = Date.now()): number | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(`${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(match[2]) * 1000 <= now) return null;
  return Number(match[1]);
}

export function bookingCookie() {
  return createCookie(COOKIE_NAME, {
    path: "/visita",
    httpOnly: true,
    sameSite: "lax",
    secure: publicBaseUrl().startsWith("https:"),
    maxAge: BOOKING_TOKEN_HOURS * 3600,
  });
}

/** The Set-Cookie header the request's action adds to its answer. */
export async function bookingCookieHeader(requestId: number): Promise<string> {
  return bookingCookie().serialize(bookingToken(requestId));
}

/** The request of this visitor's booking cookie, if it is still valid. */
export async function requestOfBookingCookie(request: Request): Promise<number | null> {
  return readBookingToken(await bookingCookie().parse(request.headers.get("Cookie")));
}
