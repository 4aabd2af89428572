import { beforeAll, describe, expect, it } from "vitest";
import { parseInvoiceFilters } from "~/domain/invoices/invoice-filters";
import { loader as pdfLoader } from "~/routes/invoices/admin-invoice-pdf";
import { loader as exportLoader } from "~/routes/invoices/admin-invoices-export";
import { loader as listLoader } from "~/routes/invoices/admin-invoices";
import { exportInvoices } from "~/server/invoices/invoice-list.server";
import { issueInvoice } from "~/server/invoices/issue-invoice.server";
import { rectifyInvoice } from "~/server/invoices/rectify-invoice.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { insertBilledOrder } from "../support/admin-orders-fixtures";
import { register } from "../support/login-utils";
import { insertProduct } from "../support/transfer-orders";

/*
 * The back office's invoice list (issue 13): the invoices of a period (days of issue in
 * Madrid), by series, with the period's totals (rectifying invoices subtract), the
 * accountant's CSV of the same view, each invoice's PDF; nobody but an administrator.
 */
const ready = setupTestDatabase();
let admin = "";
let customer = "";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
type Totals = { count: number; baseCents: number; vatCents: number; totalCents: number };
type ListData = {
  filters: { from: string; to: string; series?: string; page: number };
  pageCount: number;
  totals: Totals & { bySeries: { F: Totals; R: Totals } };
  rows: { number: string; series: string; issuedOn: string; customer: string; nif: string; rectifies: string | null; reason: string | null; totalCents: number; orderNumber: string }[];
};

async function list(query: string) {
  const result = await settle(() => listLoader(args(adminRequest(`/admin/facturas${query}`, admin))));
  expect(result.status).toBe(200);
  return result.data as ListData;
}
const numbers = async (query: string) => (await list(query)).rows.map((row) => row.number);

async function issue(orderId: number, iso: string) {
  const { db } = await ready;
  return db.transaction(async (tx) => (await issueInvoice(tx, orderId, new Date(iso))).invoice);
}

async function rectify(orderId: number, amountCents: number | "rest", reason: string, iso: string) {
  const { db } = await ready;
  const invoice = await db.transaction((tx) => rectifyInvoice(tx, orderId, { amountCents, reason }, new Date(iso)));
  if (!invoice) throw new Error("sin factura rectificativa");
  return invoice;
}

let first = { number: "", totalCents: 0, baseCents: 0, vatCents: 0 };
let second = { number: "", totalCents: 0, baseCents: 0, vatCents: 0 };
let third = { number: "", totalCents: 0, baseCents: 0, vatCents: 0 };
let refund = { number: "", totalCents: 0, baseCents: 0, vatCents: 0 };

beforeAll(async () => {
  const { db } = await ready;
  admin = await adminCookie(db, "admin-facturas@termoclima.test");
  customer = await register("cliente-facturas@example.com");
  const product = await insertProduct(db, { stock: 10 });
  const at = (iso: string) => new Date(iso);
  const a = await insertBilledOrder(db, { number: "201-10326", email: "lucia@example.com", createdAt: at("2026-03-01T10:00:00Z"), productIds: [product.id], status: "Pagado", bill: { nombre: "Lucía", apellidos: "García Pérez", id: "12345678Z" } });
  const b = await insertBilledOrder(db, { number: "202-20326", email: "obras@climasur.es", createdAt: at("2026-03-02T09:00:00Z"), productIds: [product.id, product.id], status: "Pagado", bill: { nombre: "Pedro", apellidos: "Ruiz", empresa: "=Climasur Reformas S.L.", id: "B12345674" } });
  const c = await insertBilledOrder(db, { number: "203-10426", email: "marta@example.com", createdAt: at("2026-04-01T09:00:00Z"), productIds: [product.id], status: "Pagado", payMethod: "tarjeta", bill: { nombre: "Marta", apellidos: "Sanz", id: "X1234567L" } });
  // Madrid is UTC+1 in March: 23:30 UTC on 1 March is already 2 March there.
  first = await issue(a.id, "2026-03-01T23:30:00Z");
  second = await issue(b.id, "2026-03-02T12:00:00Z");
  refund = await rectify(b.id, 10000, "Devolución parcial; un equipo", "2026-03-31T10:00:00Z");
  third = await issue(c.id, "2026-04-01T08:00:00Z");
});

describe("the invoice list", () => {
  it("lists the period's invoices in the order of issue, with the period's totals per series", async () => {
    const data = await list("?desde=2026-03-01&hasta=2026-03-31");
    expect(data.rows.map((row) => row.number)).toEqual([first.number, second.number, refund.number]);
    expect(first.number).toMatch(/^F2026-\d{6}$/);
    expect(refund.number).toMatch(/^R2026-\d{6}$/);
    expect(data.rows[0]).toMatchObject({ series: "F", issuedOn: "02/03/2026", customer: "Lucía García Pérez", nif: "12345678Z", rectifies: null, orderNumber: "201-10326" });
    expect(data.rows[2]).toMatchObject({ series: "R", rectifies: second.number, reason: "Devolución parcial; un equipo", totalCents: -10000, orderNumber: "202-20326" });
    expect(refund).toMatchObject({ totalCents: -10000 });
    expect(refund.baseCents).toBeLessThan(0);
    const f = { count: 2, baseCents: first.baseCents + second.baseCents, vatCents: first.vatCents + second.vatCents, totalCents: first.totalCents + second.totalCents };
    const r = { count: 1, baseCents: refund.baseCents, vatCents: refund.vatCents, totalCents: -10000 };
    expect(data.totals.bySeries).toEqual({ F: f, R: r });
    // The rectifying invoice subtracts.
    expect(data.totals).toMatchObject({ count: 3, baseCents: f.baseCents + r.baseCents, vatCents: f.vatCents + r.vatCents, totalCents: f.totalCents - 10000 });
    expect(data.totals.baseCents + data.totals.vatCents).toBe(data.totals.totalCents);
  });

  it("filters by Madrid day of issue, both ends included, and by series", async () => {
    expect(await numbers("?desde=2026-03-02&hasta=2026-03-02")).toEqual([first.number, second.number]);
    expect(await numbers("?desde=2026-03-01&hasta=2026-03-01")).toEqual([]);
    expect(await numbers("?desde=2026-03-01&hasta=2026-04-30&serie=F")).toEqual([first.number, second.number, third.number]);
    const onlyR = await list("?desde=2026-03-01&hasta=2026-04-30&serie=R");
    expect(onlyR.rows.map((row) => row.number)).toEqual([refund.number]);
    expect(onlyR.totals).toMatchObject({ count: 1, totalCents: -10000 });
    expect(await numbers("?desde=2026-04-01&hasta=2026-04-30")).toEqual([third.number]);
  });

  it("shows the current month in Madrid when no period is given", async () => {
    const data = await list("");
    const expected = parseInvoiceFilters(new URLSearchParams());
    expect(expected.ok && data.filters).toEqual(expected.ok && expected.filters);
    expect(data.filters.from).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it("answers a filter it does not understand with 400 and a Spanish message, never 500", async () => {
    for (const query of ["?desde=2026-02-30", "?hasta=mañana", "?desde=2026-04-01&hasta=2026-03-01", "?serie=Z", "?pagina=cero"]) {
      for (const loader of [listLoader, exportLoader]) {
        let thrown: unknown;
        try {
          await loader(args(adminRequest(`/admin/facturas${query}`, admin)));
        } catch (error) {
          thrown = error;
        }
        expect(thrown, query).toMatchObject({ init: { status: 400 }, data: { message: expect.stringMatching(/^(La|El) /) } });
      }
    }
  });

  it("pages on the server, 50 a page, totals over the whole period", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 1 });
    for (let i = 0; i < 51; i++) {
      const order = await insertBilledOrder(db, { number: `${600 + i}-100526`, email: "muchas@example.com", createdAt: new Date(Date.UTC(2026, 4, 10, 8)), productIds: [product.id], status: "Pagado" });
      await issue(order.id, `2026-05-10T08:${String(i).padStart(2, "0")}:00Z`);
    }
    const page1 = await list("?desde=2026-05-10&hasta=2026-05-10");
    expect(page1).toMatchObject({ pageCount: 2, totals: { count: 51 } });
    expect(page1.rows).toHaveLength(50);
    expect(page1.rows[0]!.orderNumber).toBe("600-100526");
    const page2 = await list("?desde=2026-05-10&hasta=2026-05-10&pagina=2");
    expect(page2.rows.map((row) => row.orderNumber)).toEqual(["650-100526"]);
    expect(page2.totals.count).toBe(51);
    expect((await list("?desde=2026-05-10&hasta=2026-05-10&pagina=9")).rows).toEqual([]);
  });
});

describe("the CSV export", () => {
  it("exports the filtered period, as Excel in Spanish opens it", async () => {
    const response = (await exportLoader(args(adminRequest("/admin/facturas/exportar?desde=2026-03-01&hasta=2026-03-31", admin)))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="facturas-2026-03-01-a-2026-03-31.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    const euros = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
    expect(lines).toEqual([
      "Número;Serie;Fecha expedición;Fecha operación;Rectifica;Motivo;Cliente;NIF cliente;Base imponible;Tipo IVA;Cuota IVA;Total;Forma de pago;Pedido o presupuesto",
      `${first.number};F;02/03/2026;;;;Lucía García Pérez;12345678Z;${euros(first.baseCents)};21;${euros(first.vatCents)};${euros(first.totalCents)};Transferencia bancaria;201-10326`,
      // A company name that starts like a formula is written as text.
      `${second.number};F;02/03/2026;;;;'=Climasur Reformas S.L.;B12345674;${euros(second.baseCents)};21;${euros(second.vatCents)};${euros(second.totalCents)};Transferencia bancaria;202-20326`,
      `${refund.number};R;31/03/2026;;${second.number};"Devolución parcial; un equipo";'=Climasur Reformas S.L.;B12345674;${euros(refund.baseCents)};21;${euros(refund.vatCents)};-100,00;Transferencia bancaria;202-20326`,
      "",
    ]);
  });

  it("reads the rows in chunks, without skipping or repeating one", async () => {
    const { db } = await ready;
    const parsed = parseInvoiceFilters(new URLSearchParams("desde=2026-01-01&hasta=2026-12-31"));
    if (!parsed.ok) throw new Error(parsed.error);
    const chunks: number[] = [];
    const all: string[] = [];
    for await (const chunk of exportInvoices(db, parsed.filters, 7)) {
      chunks.push(chunk.length);
      all.push(...chunk.map((row) => row.number));
    }
    expect(all).toHaveLength(new Set(all).size);
    expect(all).toHaveLength((await list("?desde=2026-01-01&hasta=2026-12-31")).totals.count);
    expect(chunks.slice(0, -1).every((n) => n === 7)).toBe(true);
    expect(all.slice(0, 3)).toEqual([first.number, second.number, refund.number]);
  });
});

describe("the PDF", () => {
  it("shows an invoice's PDF inline, named by its number", async () => {
    const response = (await pdfLoader(args(adminRequest(`/admin/facturas/${refund.number}/pdf`, admin), { number: refund.number }))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="${refund.number}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });

  it("answers 404 for an invoice that does not exist", async () => {
    for (const number of ["F2099-000001", "nada"]) {
      expect((await settle(() => pdfLoader(args(adminRequest(`/admin/facturas/${number}/pdf`, admin), { number })))).status).toBe(404);
    }
  });
});

describe("only administrators", () => {
  it("everyone else gets 404 on the list, the export and the PDF", async () => {
    for (const cookie of ["", customer]) {
      expect((await settle(() => listLoader(args(adminRequest("/admin/facturas", cookie))))).status).toBe(404);
      expect((await settle(() => exportLoader(args(adminRequest("/admin/facturas/exportar", cookie))))).status).toBe(404);
      expect((await settle(() => pdfLoader(args(adminRequest(`/admin/facturas/${first.number}/pdf`, cookie), { number: first.number })))).status).toBe(404);
    }
  });
});
