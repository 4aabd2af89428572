import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

/*
 * Security headers of every response (helmet, a well-kept library, rather than our own list):
 * a Content-Security-Policy whose scripts and inline styles must carry this response's nonce
 * (React Router's hydration scripts and React's own get it in app/entry.server.tsx), no
 * plugins, no <base>, no framing, forms only to this site (and the sign-in provider, when
 * Google is on); nosniff, a referrer policy that still sends our Origin on form posts, a
 * Permissions-Policy that turns off what the shop never uses; HSTS only under https.
 */

export type SecurityOptions = {
  /** The shop's public address: https turns on HSTS and upgrade-insecure-requests. */
  baseUrl: string;
  /** Origins a form may be sent on to by a redirect (Google's sign-in page). */
  formTargets: string[];
};

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()";

/** The nonce of this response, for the inline scripts and styles of the page. */
export function cspNonce(res: Response | ServerResponse): string {
  const locals = (res as Response).locals as { cspNonce?: string } | undefined;
  if (!locals?.cspNonce) throw new Error("cspNonce: the security headers middleware did not run");
  return locals.cspNonce;
}

/*
 * Nonces cut from a block of random bytes drawn at once: one system call per 256 responses
 * instead of one each (the same CSPRNG, each nonce used once).
 */
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let poolAt = 0;

function newNonce(): string {
  if (poolAt + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    poolAt = 0;
  }
  const nonce = pool.toString("base64", poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
}

export function securityHeaders({ baseUrl, formTargets }: SecurityOptions): RequestHandler[] {
  const https = baseUrl.startsWith("https:");
  const nonce = (_req: unknown, res: ServerResponse) => `'nonce-${cspNonce(res)}'`;
  return [
    (_req, res, next) => {
      res.locals.cspNonce = newNonce();
      next();
    },
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce],
          styleSrc: ["'self'", nonce],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'", ...formTargets],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Chrome sends "Origin: null" on form posts under no-referrer; our Origin checks need it.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
      xFrameOptions: { action: "deny" },
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
  ];
}
