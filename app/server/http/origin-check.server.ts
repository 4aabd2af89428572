import type { RequestHandler } from "express";

/*
 * Cross-site request forgery: a request that changes something (any method but GET, HEAD,
 * OPTIONS) is refused with 403 when the browser says it comes from another site. Browsers
 * send Origin on every such request; when it is missing (an old browser, a privacy
 * extension) the Sec-Fetch-Site and Referer headers decide; a request with none of them is
 * no browser's, so no visitor's cookies can be abused by it. Server-to-server callbacks
 * (the payment gateway's notification, later) are listed in `exempt`.
 */

export const FOREIGN_ORIGIN_MESSAGE =
  "No hemos podido comprobar el origen de la petición. Vuelva a la página de la tienda, recárguela e inténtelo de nuevo.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function isForeignRequest(headers: Record<string, string | string[] | undefined>, trusted: ReadonlySet<string>): boolean {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const origin = one("origin");
  if (origin !== undefined) return !trusted.has(origin);
  const site = one("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const referer = one("referer");
  if (referer !== undefined) {
    const from = originOf(referer);
    return from === null || !trusted.has(from);
  }
  return false;
}

export function refuseForeignOrigins(trustedOrigins: string[], exempt: (path: string) => boolean = () => false): RequestHandler {
  const trusted = new Set(trustedOrigins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt(req.path) || !isForeignRequest(req.headers, trusted)) return next();
    res.status(403).type("text/html; charset=utf-8").send(messagePage("Acceso no permitido", FOREIGN_ORIGIN_MESSAGE));
  };
}

/** A short Spanish page for answers given before the app renders (no site frame). */
export function messagePage(title: string, message: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Volver a la tienda</a></p></main></body></html>`;
}
