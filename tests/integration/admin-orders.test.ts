import { beforeAll, describe, expect, it } from "vitest";
import { parseOrderFilters } from "~/domain/orders/order-filters";
import { loader as exportLoader } from "~/routes/orders/admin-orders-export";
import { loader as listLoader } from "~/routes/orders/admin-orders";
import { action as orderAction, loader as orderLoader } from "~/routes/orders/admin-order";
import { exportOrders } from "~/server/orders/order-list.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { insertBilledOrder } from "../support/admin-orders-fixtures";
import { register } from "../support/login-utils";
import { insertProduct } from "../support/transfer-orders";

/*
 * The back office's order list (issue 11): filters in the URL, the text search on number,
 * e-mail, billing name, company and NIF, newest first, server pages, the accountant's CSV of
 * the same filtered list; and nobody but an administrator reaches any of it.
 */
const ready = setupTestDatabase();
let admin = "";
let customer = "";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
type ListData = { totalCount: number; pageCount: number; rows: { number: string; email: string; status: string }[] };

async function list(query: string) {
  const result = await settle(() => listLoader(args(adminRequest(`/admin/pedidos${query}`, admin))));
  expect(result.status).toBe(200);
  return result.data as ListData;
}
const numbers = async (query: string) => (await list(query)).rows.map((row) => row.number);

beforeAll(async () => {
  const { db } = await ready;
  admin = await adminCookie(db, "admin-lista@termoclima.test");
  customer = await register("cliente-lista@example.com");
  const product = await insertProduct(db, { stock: 10 });
  const at = (iso: string) => new Date(iso);
  // Madrid is UTC+1 in March: 23:30 UTC on 1 March is already 2 March there.
  await insertBilledOrder(db, { number: "101-10326", email: "lucia.garcia@example.com", createdAt: at("2026-03-01T10:00:00Z"), productIds: [product.id], bill: { nombre: "Lucía", apellidos: "García Pérez", id: "12345678Z" } });
  await insertBilledOrder(db, { number: "102-20326", email: "obras@climasur.es", createdAt: at("2026-03-01T23:30:00Z"), productIds: [product.id], status: "Pagado", bill: { nombre: "Pedro", apellidos: "Ruiz", empresa: "Climasur Reformas S.L.", id: "B12345674" } });
  await insertBilledOrder(db, { number: "103-30326", email: "marta@example.com", createdAt: at("2026-03-03T09:00:00Z"), productIds: [product.id], payMethod: "tarjeta", status: "Pagado", bill: { nombre: "Marta", apellidos: "Sanz", id: "X1234567L" } });
  await insertBilledOrder(db, { number: "104-50326", email: "lucia.garcia@example.com", createdAt: at("2026-03-05T12:00:00Z"), productIds: [product.id], status: "Cancelado", amountCents: 123456, shippingCents: 1995, bill: { nombre: "=HYPERLINK(\"x\")", apellidos: "", id: "12345678Z" } });
});

describe("the order list", () => {
  it("lists every order newest first, with customer, status and total", async () => {
    const data = await list("");
    expect(data.rows.map((row) => row.number)).toEqual(["104-50326", "103-30326", "102-20326", "101-10326"]);
    expect(data.totalCount).toBe(4);
    expect(data.rows[2]).toMatchObject({ number: "102-20326", email: "obras@climasur.es", status: "Pagado", company: "Climasur Reformas S.L.", name: "Pedro Ruiz" });
  });

  it("filters by status and payment method", async () => {
    expect(await numbers("?estado=Pagado")).toEqual(["103-30326", "102-20326"]);
    expect(await numbers("?estado=Pagado&pago=transferencia")).toEqual(["102-20326"]);
    expect(await numbers(`?estado=${encodeURIComponent("Instalación programada")}`)).toEqual([]);
  });

  it("filters by Madrid days, both ends included", async () => {
    expect(await numbers("?desde=2026-03-02&hasta=2026-03-03")).toEqual(["103-30326", "102-20326"]);
    expect(await numbers("?hasta=2026-03-01")).toEqual(["101-10326"]);
    expect(await numbers("?desde=2026-03-05")).toEqual(["104-50326"]);
  });

  it("finds by the start of a number, e-mail, name, company or NIF, in any case and order", async () => {
    expect(await numbers("?q=102")).toEqual(["102-20326"]);
    expect(await numbers("?q=103-30326")).toEqual(["103-30326"]);
    expect(await numbers("?q=lucia.garcia%40example.com")).toEqual(["104-50326", "101-10326"]);
    expect(await numbers("?q=GARC")).toEqual(["101-10326"]);
    expect(await numbers("?q=p%C3%A9rez+luc%C3%ADa")).toEqual(["101-10326"]);
    // Accents do not matter either way: "garcia perez" finds "García Pérez".
    expect(await numbers("?q=garcia+perez")).toEqual(["101-10326"]);
    expect(await numbers("?q=climasur")).toEqual(["102-20326"]);
    expect(await numbers("?q=b1234")).toEqual(["102-20326"]);
    expect(await numbers("?q=x1234567l")).toEqual(["103-30326"]);
    expect(await numbers("?q=12345678Z&estado=Cancelado")).toEqual(["104-50326"]);
    expect(await numbers("?q=nadie")).toEqual([]);
  });

  it("takes what would be query syntax or SQL as plain words", async () => {
    for (const q of ["a' or '1'='1", "!(x) | y:*", "garc'; drop table orders; --"]) {
      expect(await numbers(`?q=${encodeURIComponent(q)}`)).toEqual([]);
    }
    // Nothing but punctuation is no search at all: the whole list.
    for (const q of ["'", "\\", "<-> & |"]) expect((await list(`?q=${encodeURIComponent(q)}`)).totalCount).toBe(4);
  });

  it("pages on the server, 50 a page", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 1 });
    for (let i = 0; i < 51; i++) {
      await insertBilledOrder(db, { number: `${500 + i}-10126`, email: "muchos@example.com", createdAt: new Date(Date.UTC(2026, 0, 1, 8, i)), productIds: [product.id] });
    }
    const first = await list("?q=muchos");
    expect(first).toMatchObject({ totalCount: 51, pageCount: 2 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.number).toBe("550-10126");
    const second = await list("?q=muchos&pagina=2");
    expect(second.rows.map((row) => row.number)).toEqual(["500-10126"]);
    expect((await list("?q=muchos&pagina=9")).rows).toEqual([]);
  });
});

describe("the CSV export", () => {
  it("exports the filtered list, every page, as Excel in Spanish opens it", async () => {
    const response = (await exportLoader(args(adminRequest("/admin/pedidos/exportar?q=lucia.garcia%40example.com", admin)))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")).toEqual([
      "número;fecha;estado;forma de pago;cliente;NIF;e-mail;base imponible;IVA;envío;total",
      // A customer's name that starts like a formula is written as text.
      `104-50326;05/03/2026;Cancelado;Transferencia bancaria;"'=HYPERLINK(""x"")";12345678Z;lucia.garcia@example.com;1020,30;214,26;19,95;1234,56`,
      "101-10326;01/03/2026;Pendiente de Pago;Transferencia bancaria;Lucía García Pérez;12345678Z;lucia.garcia@example.com;88,39;18,56;7,95;106,95",
      "",
    ]);
  });

  it("reads the rows in chunks, without skipping or repeating one, even with equal times", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 1 });
    const same = new Date("2026-02-10T10:00:00.123Z");
    for (let i = 0; i < 5; i++) await insertBilledOrder(db, { number: `${700 + i}-100226`, email: "mismo.instante@example.com", createdAt: same, productIds: [product.id] });
    const filters = parseOrderFilters(new URLSearchParams("q=mismo.instante"));
    const chunks: string[][] = [];
    for await (const chunk of exportOrders(db, filters, 2)) chunks.push(chunk.map((row) => row.number));
    expect(chunks.map((chunk) => chunk.length)).toEqual([2, 2, 1]);
    expect(chunks.flat()).toEqual(["704-100226", "703-100226", "702-100226", "701-100226", "700-100226"]);
    const all: string[] = [];
    for await (const chunk of exportOrders(db, parseOrderFilters(new URLSearchParams()), 7)) all.push(...chunk.map((row) => row.number));
    expect(all).toHaveLength(new Set(all).size);
    expect(all).toHaveLength((await list("")).totalCount);
  });
});

describe("only administrators", () => {
  it("everyone else gets 404 on the list, the export, the order page and its actions", async () => {
    for (const cookie of ["", customer]) {
      expect((await settle(() => listLoader(args(adminRequest("/admin/pedidos", cookie))))).status).toBe(404);
      expect((await settle(() => exportLoader(args(adminRequest("/admin/pedidos/exportar", cookie))))).status).toBe(404);
      expect((await settle(() => orderLoader(args(adminRequest("/admin/pedidos/101-10326", cookie), { number: "101-10326" })))).status).toBe(404);
      const forms: Record<string, string>[] = [
        { intent: "estado", actual: "Pendiente de Pago", destino: "Cancelado", motivo: "x" },
        { intent: "notas", notas: "hola" },
      ];
      for (const form of forms) {
        const posted = await settle(() => orderAction(args(adminRequest("/admin/pedidos/101-10326", cookie, form), { number: "101-10326" })));
        expect(posted.status).toBe(404);
      }
    }
    const untouched = await list("?q=101-10326");
    expect(untouched.rows[0]).toMatchObject({ status: "Pendiente de Pago" });
  });

  it("an administrator gets 404 for an order that does not exist", async () => {
    expect((await settle(() => orderLoader(args(adminRequest("/admin/pedidos/9999-10126", admin), { number: "9999-10126" })))).status).toBe(404);
    expect((await settle(() => orderLoader(args(adminRequest("/admin/pedidos/nada", admin), { number: "nada" })))).status).toBe(404);
  });
});
