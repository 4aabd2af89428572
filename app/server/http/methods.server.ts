import type { RequestHandler } from "express";
import { messagePage } from "./origin-check.server";

/*
 * Methods the Fetch API refuses to build a Request with (TRACE, TRACK, CONNECT): React Router
 * would throw on them and the visitor would get a 500. No page of the shop answers them.
 */
const FORBIDDEN = new Set(["TRACE", "TRACK", "CONNECT"]);

export const refuseForbiddenMethods: RequestHandler = (req, res, next) => {
  if (!FORBIDDEN.has(req.method)) return next();
  res
    .status(405)
    .set("Allow", "GET, HEAD, POST")
    .type("text/html; charset=utf-8")
    .send(messagePage("Acción no permitida", "Esta dirección no admite esa acción."));
};
