import { count, sql } from "drizzle-orm";
import type { Request, Response } from "express";
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { config } from "../config.server";
import { databaseHandle } from "../db/db.server";
import { outbox, scheduledTasks } from "../db/shared-schema.server";
import { log } from "../log.server";

/*
 * Prometheus metrics at /metrics (issue 32), with prom-client: the library every Prometheus
 * user knows, with the exposition format and Node's process metrics done. One registry of the
 * shop's own; what the database holds (outbox backlog, last task runs, pool) is read when
 * Prometheus scrapes, so every instance reports the same shared figures plus its own requests.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "tienda_" });

const requests = new Counter({
  name: "tienda_http_requests_total",
  help: "Peticiones HTTP respondidas, por ruta, método y estado",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});
const latency = new Histogram({
  name: "tienda_http_request_duration_seconds",
  help: "Tiempo hasta el final de la respuesta, por ruta y método",
  labelNames: ["route", "method"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const pageCache = new Counter({
  name: "tienda_page_cache_total",
  help: "Páginas servidas desde la memoria (hit) o generadas y guardadas (miss)",
  labelNames: ["result"] as const,
  registers: [registry],
});
const taskRuns = new Counter({
  name: "tienda_scheduled_task_runs_total",
  help: "Ejecuciones de tareas programadas en esta instancia, por tarea y resultado",
  labelNames: ["task", "result"] as const,
  registers: [registry],
});

new Gauge({
  name: "tienda_outbox_entries",
  help: "Envíos pendientes (correo, avisos, tarjetas) por estado: la cola y sus fallos",
  labelNames: ["status"] as const,
  registers: [registry],
  async collect() {
    const { db } = await databaseHandle();
    const rows = await db.select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status);
    this.reset();
    for (const row of rows) this.set({ status: row.status }, row.n);
  },
});

new Gauge({
  name: "tienda_scheduled_task_last_finished_seconds",
  help: "Cuándo terminó por última vez cada tarea programada (segundos desde 1970), y si falló",
  labelNames: ["task", "failed"] as const,
  registers: [registry],
  async collect() {
    const { db } = await databaseHandle();
    const rows = await db
      .select({ name: scheduledTasks.name, at: sql<number | null>`extract(epoch from ${scheduledTasks.lastFinishedAt})::float8`, failed: scheduledTasks.lastFailed })
      .from(scheduledTasks);
    this.reset();
    for (const row of rows) if (row.at !== null) this.set({ task: row.name, failed: String(row.failed) }, Number(row.at));
  },
});

new Gauge({
  name: "tienda_database_connections",
  help: "Conexiones del grupo de PostgreSQL por estado (total, libres, peticiones esperando); la base integrada tiene una",
  labelNames: ["engine", "state"] as const,
  registers: [registry],
  async collect() {
    const handle = await databaseHandle();
    this.reset();
    if (handle.kind === "pglite") {
      this.set({ engine: "pglite", state: "total" }, 1);
      return;
    }
    const pool = (handle.db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }).$client;
    this.set({ engine: "postgres", state: "total" }, pool.totalCount);
    this.set({ engine: "postgres", state: "idle" }, pool.idleCount);
    this.set({ engine: "postgres", state: "waiting" }, pool.waitingCount);
  },
});

/** A scheduled task's run, counted by the scheduler. */
export function countTaskRun(task: string, failed: boolean): void {
  taskRuns.inc({ task, result: failed ? "fallo" : "ok" });
}

/**
 * The route of a path, for labels: numbers, identifiers and long segments become ":param", so
 * that /tienda/detalle/termostatos/14 and /15 count as one route and no visitor can make a
 * label of their own; what no route answered (404) and 405 are one label each.
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return "(no encontrada)";
  if (status === 405) return "(método no permitido)";
  if (path.startsWith("/assets/")) return "/assets/:fichero";
  const segments = path.split("?")[0]!.split("/").map((segment) => (/\d/.test(segment) || segment.length > 32 ? ":param" : segment));
  return segments.slice(0, 6).join("/") || "/";
}

/** Counts a response once it has gone: its route, status, time and page-cache result. */
export function measureResponse(req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  res.once("finish", () => {
    const route = routeLabel(req.url ?? "/", res.statusCode);
    const method = req.method ?? "GET";
    requests.inc({ route, method, status: String(res.statusCode) });
    latency.observe({ route, method }, (performance.now() - started) / 1000);
    const cached = res.getHeader("X-Page-Cache");
    if (cached === "hit" || cached === "miss") pageCache.inc({ result: cached });
  });
}

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: 404 while METRICS_TOKEN is unset (nothing to find), 401 without
 * `Authorization: Bearer <METRICS_TOKEN>`, else the exposition text. The proxy keeps it from
 * the outside too (deploy/nginx).
 */
export async function metricsEndpoint(req: Request, res: Response): Promise<void> {
  const token = config().METRICS_TOKEN;
  res.setHeader("Cache-Control", "no-store");
  if (!token) {
    res.status(404).type("text/plain").send("No encontrado");
    return;
  }
  const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
  if (!tokenMatches(given, token)) {
    res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    res.type("text/plain").send("Hace falta el token de métricas (METRICS_TOKEN)");
    return;
  }
  try {
    const text = await registry.metrics();
    res.status(200).type(registry.contentType).send(text);
  } catch (error) {
    log("metricas").error({ err: error }, "no se pudieron reunir las métricas");
    res.status(503).type("text/plain").send("Métricas no disponibles: la base de datos no responde");
  }
}
