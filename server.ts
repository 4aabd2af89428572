/**
 * The process entry: Express 5 serving the built assets and React Router, with a
 * graceful stop. Built by Vite into build/server/index.js (vite.config.ts), so it shares
 * one module graph, and one database handle, with the routes.
 */
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { config } from "~/server/config.server";
import { closeDatabase, databaseHandle } from "~/server/db/db.server";
import { logEmbeddedDurability } from "~/server/db/durable-nodefs.server";
import { createApp } from "~/server/http/app.server";
import { answerClientErrors, lingerOnUnreadBodies } from "~/server/http/client-error.server";
import { MAINTENANCE_TASKS } from "~/server/scheduled/maintenance.server";
import { startScheduler } from "~/server/scheduled/scheduler.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { startOutboxWorker } from "~/server/outbox.server";
import { log } from "~/server/log.server";
import { makePrivate, restrictNewFiles } from "~/server/files/private-files.server";

const SHUTDOWN_LIMIT_MS = 4500;
const logger = log("server");
// build/server/index.js -> build/client, wherever the process was started from.
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

function stopGracefully(server: Server, beforeDatabaseCloses: () => Promise<void>) {
  let stopping = false;
  return (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "señal recibida: se terminan las peticiones en curso y se cierra");
    const force = setTimeout(() => {
      logger.error("cierre forzado tras 4,5 s");
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
          logger.info("cerrado limpiamente");
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "error al cerrar la base de datos");
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
}

async function main() {
  const c = config();
  // Before anything is written: the database, the auth secret and the e-mails are the shop's only (issue 28).
  restrictNewFiles();
  const corrected = makePrivate(c.DATA_DIR);
  if (corrected.files + corrected.folders > 0) {
    logger.warn({ dataDir: path.resolve(c.DATA_DIR), ...corrected }, "permisos del directorio de datos corregidos: solo el usuario de la tienda puede leerlos");
  }
  const handle = await databaseHandle();
  // PGlite unpacks a new database, and rewrites a cache file at every start, with mode 0666 of
  // its own whatever the umask; what PostgreSQL writes afterwards follows the umask.
  const unpacked = makePrivate(c.DATA_DIR);
  if (unpacked.files > 1) logger.info({ files: unpacked.files }, "ficheros nuevos de la base de datos integrada hechos privados (0600)");
  logger.info({ engine: handle.kind, ...(handle.kind === "pglite" ? { dataDir: path.resolve(c.DATA_DIR) } : {}) }, "base de datos lista: migraciones aplicadas");
  if (handle.kind === "pglite") logEmbeddedDurability(logger, c.EMBEDDED_SYNC);
  registerOutboxHandlers();
  const worker = startOutboxWorker(c.OUTBOX_POLL_MS);
  // Purges and retention (app/server/scheduled), each run on one instance at a time.
  const scheduler = startScheduler(MAINTENANCE_TASKS);
  const server = createServer(createApp({ build, clientDir }));
  answerClientErrors(server);
  lingerOnUnreadBodies(server);
  if (c.HOST) server.listen(c.PORT, c.HOST);
  else server.listen(c.PORT);
  server.on("listening", () => {
    logger.info({ url: `http://${c.HOST ?? "localhost"}:${c.PORT}` }, `${c.SHOP_NAME} escuchando`);
  });
  server.on("error", (error) => {
    logger.error({ err: error }, "no se pudo escuchar");
    process.exit(1);
  });
  const stop = stopGracefully(server, () => Promise.all([worker.stop(), scheduler.stop()]).then(() => {}));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
