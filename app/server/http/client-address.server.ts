import type { RequestHandler } from "express";

/**
 * Rate limits (ours and better-auth's) read the client address from x-forwarded-for. Here it
 * is replaced by the address Express trusts: the socket's, or with TRUST_PROXY the one the
 * trusted proxies reported, so a visitor cannot pick their own bucket by sending the header.
 */
export const clientAddressHeader: RequestHandler = (req, _res, next) => {
  req.headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
};
