import type { RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log, requestContext } from "../log.server";
import { loggedPath } from "./log-path.server";

/**
 * Every request gets an id (the proxy's X-Request-Id when it is a plain token, else a new
 * one), sent back in X-Request-Id and carried by every log line written while it is
 * served; one line per request when it ends: method, path without the query and without the
 * secret of a key-like address (log-path.server.ts), status, time.
 */
const PLAIN_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives the request its id and writes its line when it ends; returns the id. `setHeader`
 * false: the caller sends X-Request-Id itself (with all its headers at once).
 */
export function trackRequest(req: IncomingMessage, res: ServerResponse, setHeader = true): string {
  const given = req.headers["x-request-id"];
  const requestId = typeof given === "string" && PLAIN_ID.test(given) ? given : randomUUID();
  if (setHeader) res.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const path = loggedPath(req.url ?? "/");
    const entry = { reqId: requestId, method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
    const logger = log("http");
    if (res.statusCode >= 500) logger.error(entry, "petición con error");
    else logger.info(entry, "petición");
  });
  return requestId;
}

/** Express: the request's id, also carried by every log line written while it is served. */
export const requestContextMiddleware: RequestHandler = (req, res, next) => {
  const requestId = trackRequest(req, res);
  requestContext.run({ requestId }, () => next());
};
