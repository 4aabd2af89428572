import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { enqueue } from "~/server/outbox.server";
import { measureResponse, metricsEndpoint, routeLabel } from "~/server/operations/metrics.server";
import { loader as healthz } from "~/routes/site/healthz";
import { loader as readyz } from "~/routes/site/readyz";
import { countTaskRun } from "~/server/operations/metrics.server";
import { setupTestDatabase } from "../db-utils";

/**
 * Issue 32: /healthz (alive), /readyz (database and migrations) and /metrics (Prometheus,
 * behind METRICS_TOKEN): requests by route and status, latency, page-cache results, the outbox
 * backlog, scheduled task runs and the database's connections.
 */
const ready = setupTestDatabase();
const TOKEN = "token-de-metricas-de-prueba";
const servers: { close(): void }[] = [];
afterAll(() => {
  servers.forEach((server) => server.close());
  delete process.env.METRICS_TOKEN;
  resetConfigForTests();
});

async function serve(): Promise<string> {
  const app = express();
  app.get("/metrics", metricsEndpoint);
  app.get("/tienda/detalle/termostatos/:id", (_req, res) => void res.setHeader("X-Page-Cache", "hit").send("ficha"));
  app.use((_req, res) => void res.status(404).send("no"));
  const server = app.listen(0, "127.0.0.1");
  server.prependListener("request", measureResponse);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("routeLabel: one label per route, none a visitor can invent", () => {
  it("numbers, ids and long segments become :param; 404 and 405 are one label each", () => {
    expect(routeLabel("/tienda/detalle/termostatos/14?x=1", 200)).toBe("/tienda/detalle/termostatos/:param");
    expect(routeLabel("/tienda/aires", 200)).toBe("/tienda/aires");
    expect(routeLabel(`/admin/pedidos/0042-221126`, 200)).toBe("/admin/pedidos/:param");
    expect(routeLabel("/lo-que-sea-inventado", 404)).toBe("(no encontrada)");
    expect(routeLabel("/assets/entry.client-AbC123.js", 200)).toBe("/assets/:fichero");
    expect(routeLabel("/", 200)).toBe("/");
  });
});

describe("/healthz and /readyz", () => {
  it("/readyz is 200 with every migration applied; /healthz 200 whatever the database does", async () => {
    await ready;
    expect((await readyz()).status).toBe(200);
    expect(healthz().status).toBe(200);
  });
});

describe("/metrics", () => {
  it("404 without METRICS_TOKEN; 401 without the token or with another; the figures with it", async () => {
    const { db } = await ready;
    const base = await serve();
    delete process.env.METRICS_TOKEN;
    resetConfigForTests();
    expect((await fetch(`${base}/metrics`)).status).toBe(404);

    process.env.METRICS_TOKEN = TOKEN;
    resetConfigForTests();
    const without = await fetch(`${base}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toContain("Bearer");
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer otro-token-de-metricas-x" } })).status).toBe(401);

    await fetch(`${base}/tienda/detalle/termostatos/14`);
    await fetch(`${base}/tienda/detalle/termostatos/15`);
    await fetch(`${base}/no-existe`);
    await db.transaction((tx) => enqueue(tx, "email", { to: "ana@example.com" }));
    countTaskRun("purge-baskets", false);
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain('tienda_http_requests_total{route="/tienda/detalle/termostatos/:param",method="GET",status="200"} 2');
    // /no-existe and the first /metrics, before METRICS_TOKEN was set.
    expect(text).toContain('tienda_http_requests_total{route="(no encontrada)",method="GET",status="404"} 2');
    expect(text).toContain('tienda_http_requests_total{route="/metrics",method="GET",status="401"} 2');
    expect(text).toMatch(/tienda_http_request_duration_seconds_bucket\{le="0\.005",route="\/tienda\/detalle\/termostatos\/:param",method="GET"\} \d/);
    expect(text).toContain('tienda_page_cache_total{result="hit"} 2');
    expect(text).toMatch(/tienda_outbox_entries\{status="pending"\} [1-9]/);
    expect(text).toContain('tienda_scheduled_task_runs_total{task="purge-baskets",result="ok"} 1');
    expect(text).toContain('tienda_database_connections{engine="pglite",state="total"} 1');
    expect(text).toContain("tienda_process_resident_memory_bytes");
  });
});
