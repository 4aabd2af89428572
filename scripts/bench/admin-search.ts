/**
 * `npm run bench:admin-search`: the back office's one search (issue 30) with 100,000 orders and
 * 50,000 requests on PostgreSQL, beside quotes, jobs, invoices, visits and customer records in
 * proportion. Fills a scratch database (created and dropped on BENCH_DATABASE_URL's server,
 * default the local one), then times searchEverything (every kind, as the page asks) for what
 * the owner types: a phone with spaces, a surname, a name and surname, a number, an e-mail, a
 * NIF, a street, a town, nothing that exists. Each case runs RUNS times with a different row's
 * value where it can; it prints p50, p95 and max per case and the plan of one query. Figures,
 * not a pass/fail: the target is p95 under 100 ms. BENCH_PGLITE=1 measures PGlite too.
 */
import { sql } from "drizzle-orm";
import { searchTerms } from "~/domain/admin/search-terms";
import { scratchPostgres } from "./scratch-postgres";
import { searchEverything } from "~/server/admin/search.server";
import { embeddedClient, prepareDatabase, type DatabaseHandle } from "~/server/db/client.server";

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 50_000);
const QUOTES = Math.round(ORDERS / 5);
const JOBS = Math.round(QUOTES / 2);
const INVOICES = Math.round(ORDERS * 0.6);
const VISITS = Math.round(REQUESTS * 0.4);
const CUSTOMERS = Math.round(ORDERS * 0.3);
const RUNS = Number(process.env.RUNS ?? 100);
const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/test";

/* Names, streets and towns as a Madrid installer's records have them: many Garcías, accents, companies. */
const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`;
const FIRST = sqlArray(["Lucía", "María", "Carmen", "Ana", "Laura", "Marta", "Elena", "Rosa", "Paula", "Sara", "Antonio", "José", "Manuel", "Francisco", "David", "Javier", "Jorge", "Pablo", "Álvaro", "Sergio"]);
const SURNAMES = ["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Martín", "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero", "Alonso", "Gutiérrez", "Navarro", "Torres", "Domínguez", "Vázquez", "Ramos", "Gil", "Ramírez", "Serrano", "Blanco", "Molina", "Ortega", "Delgado", "Castro", "Ortiz", "Rubio", "Marín", "Sanz", "Núñez", "Iglesias", "Medina"];
const SURNAME = sqlArray(SURNAMES);
const STREETS = sqlArray(["Calle de Alcalá", "Calle Mayor", "Paseo de la Castellana", "Calle de Toledo", "Avenida de América", "Calle de Bravo Murillo", "Calle de Atocha", "Calle de Serrano", "Avenida de la Albufera", "Calle de López de Hoyos", "Calle Real", "Calle de la Iglesia", "Avenida de España", "Calle del Doctor Esquerdo", "Calle de Arturo Soria"]);
const TOWNS = sqlArray(["Madrid", "Madrid", "Madrid", "Madrid", "Getafe", "Alcorcón", "Móstoles", "Leganés", "Fuenlabrada", "Alcalá de Henares", "Torrejón de Ardoz", "Parla", "Alcobendas", "Las Rozas", "Pozuelo de Alarcón", "Majadahonda", "Rivas-Vaciamadrid", "Coslada"]);

/** SQL for row i's person: name, two surnames, phone (typed three ways), e-mail, NIF, street and town. */
const person = (i: string) => ({
  first: `(${FIRST})[1 + (${i} * 7) % 20]`,
  surnames: `(${SURNAME})[1 + (${i} * 13) % 40] || ' ' || (${SURNAME})[1 + (${i} * 29 + 3) % 40]`,
  phone: `(case ${i} % 3 when 0 then '6' || lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0')
    when 1 then '+34 6' || substr(lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0'), 1, 2) || ' ' || substr(lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0'), 3, 3) || ' ' || substr(lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0'), 6, 3)
    else '6' || substr(lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0'), 1, 2) || ' ' || substr(lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0'), 3, 2) || ' ' || substr(lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0'), 5, 2) || ' ' || substr(lpad(((${i} * 7919 + 12345) % 100000000)::text, 8, '0'), 7, 2) end)`,
  email: `'cliente' || ${i} || '@example.com'`,
  nif: `lpad(((${i}::bigint * 104729) % 100000000)::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', (1 + ((${i}::bigint * 104729) % 100000000) % 23)::int, 1)`,
  street: `(${STREETS})[1 + (${i} * 11) % 15] || ' ' || (1 + ${i} % 180)`,
  town: `(${TOWNS})[1 + (${i} * 17) % 18]`,
});

async function fill(handle: DatabaseHandle) {
  const run = (text: string) => handle.db.execute(sql.raw(text));
  const p = person("i");
  const when = (n: number) => `timestamptz '2024-01-01' + (i::double precision / ${n}) * interval '1060 days'`;
  const address = `jsonb_build_object('id', ${p.nif}, 'nombre', ${p.first}, 'apellidos', ${p.surnames},
    'empresa', case when i % 15 = 0 then 'Reformas ' || (${SURNAME})[1 + (i * 13) % 40] || ' SL' else '' end,
    'direccion', ${p.street}, 'pais', 'España', 'poblacion', ${p.town}, 'provincia', 'Madrid', 'cp', '280' || lpad((i % 60)::text, 2, '0'), 'telefono', ${p.phone})`;
  await run(`insert into orders (number, user_email, status, amount_cents, shipping_cents, address_send, address_bill, pay_method, created_at, updated_at)
    select (1000 + i)::text || '-' || to_char(${when(ORDERS)}, 'DDMMYY'), ${p.email},
      (array['Pendiente de Pago','Pagado','Enviado','Completado','Cancelado'])[1 + i % 5], 10000 + (i * 37) % 500000, 795,
      ${address}, ${address}, (array['transferencia','tarjeta','bizum'])[1 + i % 3], ${when(ORDERS)}, ${when(ORDERS)}
    from generate_series(1, ${ORDERS}) as i`);
  await run(`insert into contact_requests (name_and_surname, phone, email, address, town, message, state, created_at, updated_at)
    select ${p.first} || ' ' || ${p.surnames}, ${p.phone}, 'solicitud' || i || '@example.com', ${p.street}, ${p.town}, 'Quiero cambiar la caldera.',
      (array['nuevo','contactado','presupuestado','cerrado'])[1 + i % 4], ${when(REQUESTS)}, ${when(REQUESTS)}
    from generate_series(1, ${REQUESTS}) as i`);
  const party = `jsonb_build_object('name', ${p.first} || ' ' || ${p.surnames}, 'nif', ${p.nif}, 'email', 'presupuesto' || i || '@example.com', 'phone', ${p.phone},
    'address', ${p.street}, 'postcode', '28013', 'town', ${p.town}, 'province', 'Madrid')`;
  const place = `jsonb_build_object('address', ${p.street}, 'postcode', '28013', 'town', ${p.town}, 'province', 'Madrid')`;
  await run(`insert into quotes (number, year, sequence, status, customer, work_place, draft, token, created_by, created_at, updated_at)
    select 'P' || (2024 + i % 3) || '-' || lpad(i::text, 6, '0'), 2024 + i % 3, i, (array['borrador','enviado','aceptado','rechazado'])[1 + i % 4],
      ${party}, ${place}, '{}'::jsonb, 'token-' || i, 'duena@termoclima.test', ${when(QUOTES)}, ${when(QUOTES)}
    from generate_series(1, ${QUOTES}) as i`);
  await run(`insert into jobs (quote_id, quote_version, alternative, status, customer, work_place, created_at, updated_at)
    select id, 1, 'A', (array['pendiente_programar','programado','terminado','cobrado'])[1 + id % 4], customer, work_place, created_at, created_at
    from quotes where status = 'aceptado' order by id limit ${JOBS}`);
  await run(`insert into invoices (number, series, year, sequence, order_id, issued_on, issued_at, seller, buyer, lines, vat_rate, base_cents, vat_cents, total_cents, pay_method)
    select 'F' || extract(year from o.created_at)::int || '-' || lpad(o.id::text, 6, '0'), 'F', extract(year from o.created_at)::int, o.id, o.id,
      o.created_at::date, o.created_at, '{"name":"Termoclima Madrid S.L.","nif":"B12345678","address":["Madrid"]}'::jsonb,
      jsonb_build_object('name', o.address_bill->>'nombre' || ' ' || (o.address_bill->>'apellidos'), 'nif', o.address_bill->>'id',
        'address', jsonb_build_array(o.address_bill->>'direccion', (o.address_bill->>'cp') || ' ' || (o.address_bill->>'poblacion'))),
      '[]'::jsonb, 21, o.amount_cents - o.amount_cents / 121 * 21, o.amount_cents / 121 * 21, o.amount_cents, o.pay_method
    from orders o where o.id % 5 <> 0 order by o.id limit ${INVOICES}`);
  await run(`insert into visits (token, starts_at, ends_at, name, email, phone, address, town, created_at)
    select 'visita-' || i, ${when(VISITS)}, ${when(VISITS)} + interval '1 hour', ${p.first} || ' ' || ${p.surnames}, 'visita' || i || '@example.com',
      ${p.phone}, ${p.street}, ${p.town}, ${when(VISITS)}
    from generate_series(1, ${VISITS}) as i`);
  await run(`insert into customers (name, email, phone, phone_key, address, town, created_at, updated_at)
    select ${p.first} || ' ' || ${p.surnames}, ${p.email}, ${p.phone}, right(regexp_replace(${p.phone}, '[^0-9]', '', 'g'), 9), ${p.street}, ${p.town},
      ${when(CUSTOMERS)}, ${when(CUSTOMERS)}
    from generate_series(1, ${CUSTOMERS}) as i`);
  for (const table of ["orders", "contact_requests", "quotes", "jobs", "invoices", "visits", "customers"]) await run(`vacuum analyze ${table}`);
}

/** Values of real rows to type, so that each run looks for another one (no cache of one answer). */
async function samples(handle: DatabaseHandle) {
  const column = async (query: string) => (await handle.db.execute(sql.raw(query))).rows.map((row) => String(Object.values(row)[0]));
  const some = `order by md5(id::text) limit ${RUNS}`;
  return {
    phones: await column(`select address_bill->>'telefono' from orders ${some}`),
    orderNumbers: await column(`select number from orders ${some}`),
    invoiceNumbers: await column(`select number from invoices ${some}`),
    quoteNumbers: await column(`select number from quotes ${some}`),
    emails: await column(`select user_email from orders ${some}`),
    nifs: await column(`select substr(address_bill->>'id', 1, 8) || '-' || substr(address_bill->>'id', 9) from orders ${some}`),
    names: await column(`select (address_bill->>'nombre') || ' ' || split_part(address_bill->>'apellidos', ' ', 2) from orders ${some}`),
    requestPhones: await column(`select phone from contact_requests order by md5(id::text) limit ${RUNS}`),
  };
}

type Case = [string, (run: number) => string];

function cases(s: Awaited<ReturnType<typeof samples>>): Case[] {
  const spaced = (phone: string) => phone.replace(/\D/g, "").slice(-9).replace(/^(\d{3})(\d{2})(\d{2})(\d{2})$/, "$1 $2 $3 $4");
  const at = (list: string[]) => (run: number) => list[run % list.length]!;
  return [
    ["teléfono con espacios (pedido)", (run) => spaced(s.phones[run % s.phones.length]!)],
    ["teléfono con +34 (solicitud)", (run) => `+34 ${spaced(s.requestPhones[run % s.requestPhones.length]!)}`],
    ["apellido común", (run) => SURNAMES[run % SURNAMES.length]!.toLowerCase()],
    ["nombre y apellido", at(s.names)],
    ["número de pedido", at(s.orderNumbers)],
    ["número de factura", at(s.invoiceNumbers)],
    ["número de presupuesto", at(s.quoteNumbers)],
    ["e-mail", at(s.emails)],
    ["NIF con guion", at(s.nifs)],
    ["calle", (run) => ["calle de alcalá", "bravo murillo", "avenida de américa", "paseo de la castellana"][run % 4]!],
    ["población", (run) => ["getafe", "alcorcón", "móstoles", "leganés"][run % 4]!],
    ["nada parecido", (run) => `zqxj${run}`],
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, handle: DatabaseHandle) {
  const started = performance.now();
  await fill(handle);
  console.log(`${label}: ${ORDERS} pedidos, ${REQUESTS} solicitudes, ${QUOTES} presupuestos, ${JOBS} trabajos, ${INVOICES} facturas, ${VISITS} visitas y ${CUSTOMERS} fichas de cliente creados en ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const list = cases(await samples(handle));
  // One unmeasured round first, as a server that has been up a while has its plans and pages warm.
  for (const [, typed] of list) await search(handle, typed(0));
  console.log(`\n${label}: búsqueda en todo (7 tipos), ${RUNS} búsquedas por caso, en ms`);
  console.log(`${"caso".padEnd(32)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"máx".padStart(7)}  resultados (1.ª)`);
  const all: number[] = [];
  for (const [name, typed] of list) {
    const times: number[] = [];
    let shown = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      const groups = await search(handle, typed(run));
      times.push(performance.now() - start);
      if (run === 0) shown = groups.reduce((sum, group) => sum + group.hits.length, 0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(`${name.padEnd(32)} ${percentile(times, 50).toFixed(1).padStart(7)} ${percentile(times, 95).toFixed(1).padStart(7)} ${times.at(-1)!.toFixed(1).padStart(7)}  ${shown}`);
  }
  all.sort((a, b) => a - b);
  console.log(`${"todas".padEnd(32)} ${percentile(all, 50).toFixed(1).padStart(7)} ${percentile(all, 95).toFixed(1).padStart(7)} ${all.at(-1)!.toFixed(1).padStart(7)}`);
  console.log(`p95 de todas las búsquedas: ${percentile(all, 95).toFixed(1)} ms (objetivo: < 100 ms): ${percentile(all, 95) < 100 ? "sí" : "NO"}`);
  const plan = await handle.db.execute(
    sql`explain (analyze, costs off) select id from orders where search_text like ${"%garcia%"} and search_text like ${"%getafe%"} order by created_at desc, id desc limit 6`,
  );
  console.log(`\n${label}: plan de «garcía getafe» en pedidos:\n  ${plan.rows.map((row) => Object.values(row)[0]).join("\n  ")}`);
}

async function search(handle: DatabaseHandle, typed: string) {
  const parsed = searchTerms(typed);
  if (!parsed.ok) throw new Error(`${typed}: ${parsed.error}`);
  return searchEverything(handle.db, parsed.terms);
}

async function withHandle(label: string, open: () => Promise<DatabaseHandle>) {
  const handle = await open();
  try {
    await measure(label, handle);
  } finally {
    await handle.close();
  }
}

await withHandle("PostgreSQL", () => scratchPostgres(process.env.BENCH_DATABASE_URL ?? DEFAULT_URL, "busqueda"));
if (process.env.BENCH_PGLITE === "1") await withHandle("PGlite", () => prepareDatabase({ kind: "pglite", client: embeddedClient(), seedDemo: false }));
process.exit(0);
