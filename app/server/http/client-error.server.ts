import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/*
 * A request Node's parser refuses before Express sees it (a request line or headers over
 * 16 KB: 431; anything malformed: 400). Node's own answer destroys the socket at once, and a
 * client still sending its body then gets a connection reset instead of the answer (found by
 * tests/e2e/hardening-fuzz.spec.ts: a 20 KB address with a 1.5 MB body). Here the answer is
 * sent, the connection half-closed, and what the client still sends is read and dropped for
 * up to LINGER_MS (a "lingering close", as RFC 9112 section 9.6 asks), then it is closed.
 */
const LINGER_MS = 2_000;

const MESSAGES: Record<number, string> = {
  400: "La petición no es válida.",
  431: "La dirección o las cabeceras de la petición son demasiado largas.",
};

export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const body = Buffer.from(MESSAGES[status]!, "utf8");
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString("utf8")}`,
    );
    socket.on("data", () => {});
    socket.on("error", () => {});
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/**
 * The same for an answer given before the request's body was read: a signed-out DELETE of
 * /carrito/pedido is redirected to /login without its form being read. React Router's
 * adapter stops reading the body once its buffer is full, nothing reads the rest, the client
 * cannot finish sending, and 5 s later (Node's keepAliveTimeout) the connection is reset:
 * measured 28-11-2026, 20 of 20 such requests with a 2 MB body ended in ECONNRESET after
 * a 5 s wait. Here the rest of the body is read and dropped, for up to LINGER_MS; then a
 * kept-alive connection goes on, and one Node is closing closes once the client has sent all.
 */
export function lingerOnUnreadBodies(server: Server): void {
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    keepDestroyedBodiesDraining(req);
    // Registered after Node's own listener: by now Node has answered and decided whether to close.
    res.on("finish", () => {
      if (req.complete || req.destroyed) return;
      const socket = req.socket;
      const closing = socket.listeners("finish").includes(socket.destroy);
      if (closing) socket.removeListener("finish", socket.destroy);
      const giveUp = setTimeout(() => socket.destroy(), LINGER_MS);
      giveUp.unref();
      socket.once("close", () => clearTimeout(giveUp));
      req.removeAllListeners("data");
      req.on("data", () => {});
      req.once("end", () => {
        clearTimeout(giveUp);
        if (!closing) return;
        if (socket.writableFinished) socket.destroy();
        else socket.once("finish", () => socket.destroy());
      });
      req.resume();
    });
  });
}

/**
 * React Router's request adapter cancels a body it no longer wants (an answer given without
 * reading it: a POST to a `.data` address of a route with no action, a loader's 405), and its
 * cancel destroys the request, and with it the socket: the client, still sending, is reset,
 * often before it could read the answer (the fuzzer's 1.5 MB chunked posts, 2 workers, about 1
 * run in 10). A destroy without an error of the socket's own, while the body is still coming,
 * becomes "read and drop the rest": the answer goes out and lingerOnUnreadBodies (above) closes
 * the connection as for any unread body. A destroy with a real error (the client went away)
 * still destroys at once.
 */
function keepDestroyedBodiesDraining(req: IncomingMessage): void {
  const destroy = req.destroy.bind(req);
  req.destroy = ((error?: Error) => {
    const cancelled = error === undefined || error.name === "AbortError";
    if (!cancelled || req.complete || req.socket.destroyed) return destroy(error);
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
    return req;
  }) as typeof req.destroy;
}
