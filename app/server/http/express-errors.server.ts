import type { ErrorRequestHandler, RequestHandler } from "express";
import { log } from "../log.server";
import { messagePage } from "./origin-check.server";

/*
 * Errors Express raises itself, before any page runs: a path whose %-escapes do not decode
 * ("/%E0%A4%A"), a request the router cannot read, a host no URL can hold. Express's own answer is an English page
 * (with a stack trace outside production); ours is a short Spanish one. A client error keeps
 * its 4xx status; anything else is logged and answered 500 without details.
 */
export const expressErrorPage: ErrorRequestHandler = (error: { status?: unknown; statusCode?: unknown; code?: unknown }, _req, res, next) => {
  if (res.headersSent) return next(error);
  // The page's address could not be built from the request: a Host, X-Forwarded-Host or
  // X-Forwarded-Proto that is no part of a URL ("Host: a b"). React Router's adapter throws
  // before any page runs; it is the client's request that is broken.
  const status = error?.code === "ERR_INVALID_URL" ? 400 : Number(error?.status ?? error?.statusCode);
  const clientError = Number.isInteger(status) && status >= 400 && status < 500;
  if (!clientError) log("http").error({ err: error }, "error no controlado");
  res
    .status(clientError ? status : 500)
    .type("text/html; charset=utf-8")
    .send(
      clientError
        ? messagePage("Petición no válida", "No hemos podido entender la dirección o los datos de su petición. Vuelva a la página de la tienda e inténtelo de nuevo.")
        : messagePage("Algo ha salido mal", "Ha ocurrido un error inesperado. Inténtelo de nuevo en unos minutos."),
    );
};

/**
 * A request no route can take: a request target that is not a path ("GET *", the
 * "OPTIONS *" of HTTP). Express's own answer is "Cannot GET *" in English.
 */
export const unroutablePage: RequestHandler = (_req, res) => {
  res
    .status(404)
    .type("text/html; charset=utf-8")
    .send(messagePage("Página no encontrada", "La página que busca no existe o ha cambiado de dirección."));
};
