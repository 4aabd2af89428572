import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { openDuringMaintenance } from "../../domain/site/maintenance-mode";
import express from "express";
import type { RequestListener } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { NOTIFICATION_PATH } from "../../domain/payments/redsys-codes";
import { config, publicBaseUrl, redsysConfig, trustedOrigins } from "../config.server";
import { getFlags } from "../site/flags.server";
import { clientAddressHeader } from "./client-address.server";
import { expressErrorPage, unroutablePage } from "./express-errors.server";
import { refuseForbiddenMethods } from "./methods.server";
import { messagePage, refuseForeignOrigins } from "./origin-check.server";
import { shopLoadContext } from "./load-context.server";
import { requestContextMiddleware } from "./request-context.server";
import { cspNonce, securityHeaders } from "./security-headers.server";
import { createPageCache, type PageCacheNote } from "../page-cache/page-cache.server";
import { measureResponse, metricsEndpoint } from "../operations/metrics.server";

/**
 * Origins a form may be sent to besides ours: the OpenID provider's when Google sign-in is
 * on, and Redsys's payment page when card and Bizum are (issue 12).
 */
function formTargets(): string[] {
  const c = config();
  const targets: string[] = [];
  if (c.GOOGLE_CLIENT_ID) targets.push(new URL(c.GOOGLE_DISCOVERY_URL).origin);
  const redsys = redsysConfig();
  if (redsys) targets.push(new URL(redsys.url).origin);
  return targets;
}

/**
 * The server's request handler: a page kept in memory is answered at once (issue 14); every
 * other request goes to the Express application around React Router: client address, security
 * headers, static files, foreign-Origin and maintenance refusals, then the pages.
 */
export function createApp({ build, clientDir }: { build: ServerBuild; clientDir: string }): RequestListener {
  const c = config();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", c.TRUST_PROXY);
  app.use(requestContextMiddleware);
  // Prometheus's scrape (issue 32): before the page cache and the pages, behind its token.
  app.get("/metrics", metricsEndpoint);
  // Pages everyone sees alike, from memory and already compressed, with the security headers
  // they were rendered with (issue 14): nothing else runs for them.
  const pageCache = createPageCache(c.PAGE_CACHE_MB);
  app.use(pageCache.lookup);
  app.use(clientAddressHeader);
  app.use(securityHeaders({ baseUrl: publicBaseUrl(), formTargets: formTargets() }));
  app.use(compression());
  app.use(refuseForbiddenMethods);
  // redirect: false: a path naming a folder ("/tienda/..%2f..%2f") goes on to the pages (a
  // Spanish 404), not to serve-static's English "Redirecting" page.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", redirect: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  // Redsys's notification is a server-to-server post, checked by its signature instead.
  app.use(refuseForeignOrigins(trustedOrigins(), (path) => path === NOTIFICATION_PATH));
  app.use(refuseWritesDuringMaintenance);
  app.use(pageCache.capture);
  // A new context object per request: per-request state (a basket created by this request's
  // action, read by its loaders) is keyed on it, so it must never be shared between requests.
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (_req, res) =>
        shopLoadContext({ cspNonce: cspNonce(res), pageCache: res.locals.pageCache as PageCacheNote | undefined }),
    }),
  );
  app.use(unroutablePage);
  app.use(expressErrorPage);
  return (req, res) => {
    measureResponse(req, res);
    pageCache.serveFromMemory(req, res).then(
      (served) => {
        if (!served) app(req, res);
      },
      () => app(req, res),
    );
  };
}

/** Pages answer 503 from the root loader; this stops form posts too (actions run before loaders). */
const refuseWritesDuringMaintenance: express.RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.path === "/healthz") return next();
  if (openDuringMaintenance(req.path)) return next();
  getFlags()
    .then((flags) => {
      if (!flags.maintenance) return next();
      res.status(503).set("Retry-After", "600").type("text/html; charset=utf-8");
      res.send(messagePage("En mantenimiento", "Estamos en mantenimiento. Vuelva a intentarlo en unos minutos."));
    })
    .catch(next);
};
