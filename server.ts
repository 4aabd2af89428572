/**
 * The process entry: Express 5 serving the built assets and React Router, with a
 * graceful stop. Built by Vite into build/server/index.js (vite.config.ts), so it shares
 * one module graph, and one database handle, with the routes.
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { Server } from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { config } from "~/server/config.server";
import { closeDatabase, databaseHandle } from "~/server/db/db.server";
import { getFlags } from "~/server/flags.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { startOutboxWorker } from "~/server/outbox.server";

const SHUTDOWN_LIMIT_MS = 4500;
const clientDir = path.resolve("build/client");

function createApp() {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy set TRUST_PROXY (e.g. "loopback" or "1"); otherwise the socket decides.
  app.set("trust proxy", process.env.TRUST_PROXY ?? false);
  app.use((req, _res, next) => {
    // Downstream code (rate limits) reads the client address from this header.
    req.headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });
  app.use(compression());
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  app.use(refuseWritesDuringMaintenance);
  // A new context object per request: per-request state (a basket created by this request's
  // action, read by its loaders) is keyed on it, so it must never be shared between requests.
  app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: () => ({}) }));
  return app;
}

/** Pages answer 503 from the root loader; this stops form posts too (actions run before loaders). */
const refuseWritesDuringMaintenance: express.RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.path === "/healthz") return next();
  getFlags()
    .then((flags) => {
      if (!flags.maintenance) return next();
      res.status(503).set("Retry-After", "600").type("text/plain; charset=utf-8");
      res.send("Estamos en mantenimiento. Vuelva a intentarlo en unos minutos.");
    })
    .catch(next);
};

function stopGracefully(server: Server, beforeDatabaseCloses: () => Promise<void>) {
  let stopping = false;
  return (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal} recibido: se terminan las peticiones en curso y se cierra.`);
    const force = setTimeout(() => {
      console.error("[server] cierre forzado tras 4,5 s");
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    // Keep-alive sockets that go idle after close() are closed as soon as they do.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
    server.close(() => {
      clearInterval(idle);
      beforeDatabaseCloses()
        .then(closeDatabase)
        .then(() => {
          console.log("[server] cerrado limpiamente");
          process.exit(0);
        })
        .catch((error: unknown) => {
          console.error("[server] error al cerrar la base de datos:", error);
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
}

async function main() {
  const c = config();
  const handle = await databaseHandle();
  console.log(`[db] ${handle.kind === "pglite" ? `PGlite en ${path.resolve(c.DATA_DIR)}` : "PostgreSQL"}: migraciones aplicadas`);
  registerOutboxHandlers();
  const worker = startOutboxWorker(c.OUTBOX_POLL_MS);
  const app = createApp();
  const server = c.HOST ? app.listen(c.PORT, c.HOST) : app.listen(c.PORT);
  server.on("listening", () => {
    console.log(`[server] ${c.SHOP_NAME} escuchando en http://${c.HOST ?? "localhost"}:${c.PORT}`);
  });
  server.on("error", (error) => {
    console.error("[server] no se pudo escuchar:", error.message);
    process.exit(1);
  });
  const stop = stopGracefully(server, worker.stop);
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
