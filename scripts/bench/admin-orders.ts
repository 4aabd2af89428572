/**
 * `npm run bench:admin-orders`: how the back office's order list holds up with 100,000 orders
 * (issue 11). Fills an embedded database (and PostgreSQL when BENCH_DATABASE_URL is set) with
 * ORDERS orders (default 100000), then times each filter of /admin/pedidos and the CSV export,
 * beside the same queries on 1,000 orders, and prints the plan of the text search. Figures,
 * not a pass/fail: the machine is shared and noisy, so compare the ratios of one run.
 */
import { sql } from "drizzle-orm";
import { parseOrderFilters } from "~/domain/orders/order-filters";
import { prepareDatabase, type DatabaseHandle, embeddedClient } from "~/server/db/client.server";
import { exportOrders, listOrders } from "~/server/orders/order-list.server";
import { scratchPostgres } from "./scratch-postgres";

const BIG = Number(process.env.ORDERS ?? 100_000);
const SMALL = 1_000;
const RUNS = 7;

const CASES: [string, string][] = [
  ["sin filtros, página 1", ""],
  ["sin filtros, página 200", "pagina=200"],
  ["estado Pagado", "estado=Pagado"],
  ["pago transferencia", "pago=transferencia"],
  ["un mes", "desde=2026-03-01&hasta=2026-03-31"],
  ["texto: e-mail", "q=cliente4242"],
  ["texto: NIF", "q=4242424"],
  ["texto: apellido", "q=garcía"],
  ["texto + estado", "q=garcía&estado=Pendiente+de+Pago"],
];

/** Orders spread over 2025-2026, five statuses, four payment methods, names and NIFs that repeat realistically. */
async function fill(handle: DatabaseHandle, n: number) {
  await handle.db.execute(sql`
    insert into orders (number, user_email, status, amount_cents, shipping_cents, address_send, address_bill, pay_method, created_at, updated_at)
    select
      i::text || '-' || to_char(t, 'DDMMYY'),
      'cliente' || i || '@example.com',
      (array['Pendiente de Pago','Pagado','Enviado','Completado','Cancelado'])[1 + i % 5],
      10000 + (i * 37) % 500000,
      case when i % 3 = 0 then 0 else 1500 end,
      a, a,
      (array['transferencia','tarjeta','bizum'])[1 + i % 3],
      t, t
    from (
      select i,
        timestamptz '2025-01-01' + (i::double precision / ${n}) * interval '700 days' as t,
        jsonb_build_object(
          'id', lpad((i * 7919 % 100000000)::text, 8, '0') || 'X',
          'nombre', (array['Ana','Luis','Marta','Jorge','Lucía','Pablo'])[1 + i % 6],
          'apellidos', (array['García López','Martín Ruiz','Sánchez Gil','Fernández Mora'])[1 + i % 4] || ' ' || i,
          'empresa', '', 'direccion', 'Calle Mayor ' || i % 200, 'pais', 'España',
          'poblacion', 'Madrid', 'provincia', 'Madrid', 'cp', '28013', 'telefono', '600000000'
        ) as a
      from generate_series(1, ${n}) as i
    ) as g`);
  // As autovacuum leaves a table some time after a bulk load (index-only scans need the visibility map).
  await handle.db.execute(sql`vacuum analyze orders`);
}

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measure(label: string, open: () => Promise<DatabaseHandle>) {
  const figures: Record<string, number[]> = {};
  for (const n of [SMALL, BIG]) {
    const handle = await open();
    try {
      const filled = performance.now();
      await fill(handle, n);
      console.log(`${label}: ${n} pedidos creados en ${((performance.now() - filled) / 1000).toFixed(1)} s`);
      for (const [name, query] of CASES) {
        const filters = parseOrderFilters(new URLSearchParams(query));
        (figures[name] ??= []).push(await median(() => listOrders(handle.db, filters)));
      }
      const exported = performance.now();
      let rows = 0;
      for await (const chunk of exportOrders(handle.db, parseOrderFilters(new URLSearchParams("")))) rows += chunk.length;
      (figures["exportar CSV (todas las filas)"] ??= []).push(performance.now() - exported);
      if (n === BIG) {
        const plan = await handle.db.execute(
          sql`explain select id from orders where search @@ to_tsquery('simple', 'garcía:*') order by created_at desc, id desc limit 50`,
        );
        console.log(`${label}: plan de la búsqueda de texto:\n  ${plan.rows.map((row) => Object.values(row)[0]).join("\n  ")}`);
        console.log(`${label}: exportadas ${rows} filas`);
      }
    } finally {
      await handle.close();
    }
  }
  console.log(`\n${label}: mediana de ${RUNS} consultas (ms)`);
  console.log(`${"consulta".padEnd(34)} ${String(SMALL).padStart(8)} ${String(BIG).padStart(8)}  ratio`);
  for (const [name, [small, big]] of Object.entries(figures)) {
    console.log(`${name.padEnd(34)} ${small!.toFixed(1).padStart(8)} ${big!.toFixed(1).padStart(8)}  ${(big! / small!).toFixed(1)}x`);
  }
}

await measure("PGlite", () => prepareDatabase({ kind: "pglite", client: embeddedClient(), seedDemo: false }));
if (process.env.BENCH_DATABASE_URL) await measure("PostgreSQL", () => scratchPostgres(process.env.BENCH_DATABASE_URL!, "pedidos"));
else console.log("\nPostgreSQL: sin medir (BENCH_DATABASE_URL=postgres://... para medirlo también)");
