import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searchTerms, type SearchGroup } from "~/domain/admin/search-terms";
import { loader as searchLoader } from "~/routes/admin/search";
import { user } from "~/server/accounts/accounts-schema.server";
import { linkUntiedRows } from "~/server/customers/customer-links.server";
import { customers } from "~/server/customers/customers-schema.server";
import { searchEverything } from "~/server/admin/search.server";
import { issueInvoice } from "~/server/invoices/issue-invoice.server";
import { orders } from "~/server/orders/orders-schema.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";
import { visits } from "~/server/visits/visits-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";
import { insertAcceptedJob } from "../support/job-fixtures";
import { address } from "../support/my-orders-fixtures";
import { customer, insertTestOrder } from "../support/transfer-orders";

/*
 * The back office's one search (issue 30): one box finds an order by the customer's phone typed
 * with spaces, a request by surname, an invoice by its number, a quote by its number, a job by
 * its customer without accents; staff accounts are never listed as customers.
 */
const ready = setupTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const found: { order?: string; invoice?: string; quote?: string; jobId?: number; requestId?: number } = {};

beforeAll(async () => {
  const { db } = await ready;
  const order = await insertTestOrder(db, { number: "4711-021126", email: "irene.quintanilla@example.com", createdAt: new Date("2026-11-02T10:00:00Z"), productIds: [] });
  const bill = address({ nombre: "Irene", apellidos: "Quintanilla Ortega", empresa: "Climas Irene SL", id: "50123456K", telefono: "+34 611 22 33 44", direccion: "Calle de Toledo 88", cp: "28005" });
  await db.update(orders).set({ addressBill: bill, addressSend: bill, status: "Pagado", paidAt: new Date("2026-11-03T09:00:00Z") }).where(eq(orders.id, order.id));
  found.order = order.number;
  found.invoice = (await db.transaction((tx) => issueInvoice(tx, order.id, new Date("2026-11-03T09:00:00Z")))).invoice.number;
  const [request] = await db
    .insert(contactRequests)
    .values({ nameAndSurname: "Marta Quintanilla Ruiz", phone: "622 33 44 55", email: "marta.q@example.com", address: "Calle Mayor 3", town: "Getafe" })
    .returning({ id: contactRequests.id });
  found.requestId = request!.id;
  await db.insert(visits).values({
    token: `busqueda-${"v".repeat(32)}`,
    name: "Marta Quintanilla Ruiz",
    phone: "622 33 44 55",
    address: "Calle Mayor 3",
    town: "Getafe",
    contactRequestId: request!.id,
    startsAt: new Date("2026-12-01T09:00:00Z"),
    endsAt: new Date("2026-12-01T10:00:00Z"),
  });
  const job = await insertAcceptedJob(db, { customerName: "Ernesto Valcárcel Díaz", phone: "633 445 566", town: "Alcorcón", email: "ernesto@example.com", nif: "X1234567L" });
  found.quote = job.number;
  found.jobId = job.jobId;
  const account = await customer(db, "quintanilla.cliente@example.com");
  await db.update(user).set({ name: "Pedro Quintanilla" }).where(eq(user.id, account.id));
  await technicianSession(db, "quintanilla.tecnica@termoclima.test", "Sara Quintanilla");
  await adminCookie(db, "quintanilla.jefa@termoclima.test");
  // Staff who once wrote to the shop have a record too; the search never lists it.
  await db.insert(customers).values({ name: "Sara Quintanilla", email: "quintanilla.tecnica@termoclima.test" });
  // The rows above were written straight into their tables: the scheduled task ties them to records.
  await linkUntiedRows(db);
});

async function search(typed: string): Promise<SearchGroup[]> {
  const { db } = await ready;
  const parsed = searchTerms(typed);
  if (!parsed.ok) throw new Error(parsed.error);
  return searchEverything(db, parsed.terms);
}

const titles = (groups: SearchGroup[], kind: SearchGroup["kind"]) => groups.find((group) => group.kind === kind)?.hits.map((hit) => hit.title) ?? [];

describe("one search over every kind of record", () => {
  it("an order by the customer's phone typed with spaces, with +34, or by its last digits", async () => {
    for (const typed of ["611 22 33 44", "+34 611-223-344", "22 33 44"]) {
      const groups = await search(typed);
      expect(titles(groups, "pedidos"), typed).toEqual([`Pedido ${found.order}`]);
    }
    const [hit] = (await search("611223344")).find((group) => group.kind === "pedidos")!.hits;
    expect(hit).toMatchObject({ href: `/admin/pedidos/${found.order}`, details: ["Irene Quintanilla Ortega", "Pagado", expect.stringMatching(/€$/)], when: "02/11/2026" });
  });

  it("a surname finds the order, the request, the visit and the customer, grouped by kind; never a technician or an administrator", async () => {
    const groups = await search("quintanilla");
    expect(groups.map((group) => group.kind)).toEqual(["pedidos", "solicitudes", "visitas", "clientes"]);
    expect(titles(groups, "solicitudes")).toEqual(["Marta Quintanilla Ruiz"]);
    expect(groups.find((group) => group.kind === "solicitudes")!.hits[0]!.href).toBe(`/admin/solicitudes/${found.requestId}`);
    expect(titles(groups, "visitas")).toEqual(["Visita a Marta Quintanilla Ruiz"]);
    // The order's buyer and the request's (the visit, by the same phone, is hers too); an account
    // that never asked or bought anything is no customer record, and staff never are.
    expect(titles(groups, "clientes")).toEqual(["Irene Quintanilla Ortega (Climas Irene SL)", "Marta Quintanilla Ruiz"]);
    // Every word must be there: the request's surname and town.
    expect((await search("quintanilla getafe")).map((group) => group.kind)).toEqual(["solicitudes", "visitas", "clientes"]);
  });

  it("an invoice and a quote by their numbers, whole or in part, with or without the dash", async () => {
    expect(titles(await search(found.invoice!), "facturas")).toEqual([`Factura ${found.invoice}`]);
    expect(titles(await search(found.invoice!.replace("-", "")), "facturas")).toEqual([`Factura ${found.invoice}`]);
    const quote = await search(found.quote!);
    expect(titles(quote, "presupuestos")).toEqual([`Presupuesto ${found.quote}`]);
    expect(quote.find((group) => group.kind === "presupuestos")!.hits[0]!.href).toBe(`/admin/presupuestos/${found.quote}`);
  });

  it("a job by its customer without accents, by NIF typed with a dash, by e-mail and by company", async () => {
    const job = await search("valcarcel alcorcon");
    expect(titles(job, "trabajos")).toEqual([`Trabajo del presupuesto ${found.quote}`]);
    expect(job.find((group) => group.kind === "trabajos")!.hits[0]!.href).toBe(`/admin/trabajos/${found.jobId}`);
    expect(titles(await search("X-1234567-L"), "trabajos")).toHaveLength(1);
    expect(titles(await search("50123456-k"), "pedidos")).toEqual([`Pedido ${found.order}`]);
    expect(titles(await search("irene.quintanilla@example.com"), "pedidos")).toEqual([`Pedido ${found.order}`]);
    // The invoice was made out to the company, as the billing address asked.
    const company = await search("climas irene");
    expect(titles(company, "pedidos")).toEqual([`Pedido ${found.order}`]);
    expect(titles(company, "facturas")).toEqual([`Factura ${found.invoice}`]);
    expect(titles(await search("calle de toledo"), "pedidos")).toEqual([`Pedido ${found.order}`]);
  });

  it("LIKE's wildcards typed are plain characters", async () => {
    expect(await search("quin_anilla")).toEqual([]);
    expect(await search("quin%anilla")).toEqual([]);
  });

  it("one kind alone shows up to 50, and says when there are more", async () => {
    const { db } = await ready;
    for (let i = 0; i < 51; i += 1) {
      await insertTestOrder(db, { number: `${5000 + i}-031126`, email: `zapatero${i}@example.com`, createdAt: new Date(Date.UTC(2026, 10, 3, 8, i)), productIds: [] });
    }
    const grouped = (await search("zapatero")).find((group) => group.kind === "pedidos")!;
    expect(grouped).toMatchObject({ more: true });
    expect(grouped.hits.map((hit) => hit.title)).toEqual(["Pedido 5050-031126", "Pedido 5049-031126", "Pedido 5048-031126", "Pedido 5047-031126", "Pedido 5046-031126"]);
    const [alone] = await searchEverything(db, ["zapatero"], "pedidos");
    expect(alone!.hits).toHaveLength(50);
    expect(alone!.more).toBe(true);
  });
});

describe("the search page", () => {
  it("answers only an administrator; too little to look for is a 400 with a Spanish message", async () => {
    const { db } = await ready;
    expect((await settle(() => searchLoader(args(new Request("http://localhost/admin/buscar?q=quintanilla"))))).status).toBe(404);
    const cookie = await adminCookie(db, "buscadora@termoclima.test");
    const page = await settle(() => searchLoader(args(adminRequest("/admin/buscar?q=611%2022%2033%2044", cookie))));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ q: "611 22 33 44", kind: null, error: null, groups: [{ kind: "pedidos" }, { kind: "clientes" }] });
    const short = await settle(() => searchLoader(args(adminRequest("/admin/buscar?q=de", cookie))));
    expect(short).toMatchObject({ status: 400, data: { error: "Escriba al menos tres letras o cifras seguidas.", groups: null } });
    const empty = await settle(() => searchLoader(args(adminRequest("/admin/buscar", cookie))));
    expect(empty).toMatchObject({ status: 200, data: { q: "", groups: null, error: null } });
    const one = await settle(() => searchLoader(args(adminRequest("/admin/buscar?q=quintanilla&tipo=clientes", cookie))));
    expect(one.data).toMatchObject({ kind: "clientes", groups: [{ kind: "clientes", hits: [{ title: "Irene Quintanilla Ortega (Climas Irene SL)" }, { title: "Marta Quintanilla Ruiz" }] }] });
  });
});
