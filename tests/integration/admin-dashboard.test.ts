import { beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/admin/home";
import { dashboard, LOW_STOCK_LIST } from "~/server/admin/dashboard.server";
import { eq } from "drizzle-orm";
import { outbox } from "~/server/db/shared-schema.server";
import { listJobs } from "~/server/jobs/jobs.server";
import { jobs } from "~/server/jobs/jobs-schema.server";
import { fgasDeclarations, orders } from "~/server/orders/orders-schema.server";
import { listQuotes } from "~/server/quotes/quote-store.server";
import { refunds } from "~/server/payments/payments-schema.server";
import { contactRequests, quoteResponses, quotes, quoteVersions } from "~/server/quotes/quotes-schema.server";
import { issueInvoice } from "~/server/invoices/issue-invoice.server";
import { visits } from "~/server/visits/visits-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";
import { insertAcceptedJob } from "../support/job-fixtures";
import { addAttempt, paidCardOrder } from "../support/refund-fixtures";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/*
 * The back office's home page (issue 11): the figures of today and this week on Madrid's
 * calendar, with orders placed right on the edges of the day and the week. The clock is a
 * Wednesday in 2030, so that only this file's orders fall in its periods.
 */
const ready = setupTestDatabase();
// Wednesday 12 June 2030, 12:00 in Madrid (summer time, UTC+2).
const NOW = new Date("2030-06-12T10:00:00Z");
const ORDER_CENTS = 9900 + 795;
let before: Awaited<ReturnType<typeof dashboard>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = await ready;
  before = await dashboard(db, NOW);
  const product = await insertProduct(db, { stock: 10 });
  const order = (number: string, createdAt: string, more: Partial<Parameters<typeof insertTestOrder>[1]> = {}) =>
    insertTestOrder(db, { number, email: `${number}@example.com`, createdAt: new Date(createdAt), productIds: [product.id], ...more });
  await order("hoy", "2030-06-12T08:00:00Z");
  await order("lunes", "2030-06-10T05:00:00Z", { status: "Pagado", payMethod: "tarjeta" });
  // Sunday 23:30 in Madrid: last week, and three calendar days ago (late).
  await order("domingo", "2030-06-09T21:30:00Z");
  // Monday 00:30 in Madrid: this week, two days ago (not late yet).
  await order("lunes-temprano", "2030-06-09T22:30:00Z");
  const old = "2030-05-01T10:00:00Z";
  await order("visita-hoy", old, { status: "Instalación programada", installationDate: "2030-06-12", installationSlot: "16:00-18:00", town: "Getafe" });
  await order("visita-temprana", old, { status: "Instalación programada", installationDate: "2030-06-12", installationSlot: "09:00-11:00", town: "Leganés" });
  await order("visita-dia-7", old, { status: "Instalación programada", installationDate: "2030-06-18", installationSlot: "11:00-13:00" });
  await order("visita-dia-8", old, { status: "Instalación programada", installationDate: "2030-06-19", installationSlot: "11:00-13:00" });
  await order("pagado-con-fecha", old, { status: "Pagado", installationDate: "2030-06-13", installationSlot: "11:00-13:00" });
  const [request] = await db
    .insert(contactRequests)
    .values(
      (["nuevo", "nuevo", "contactado", "cerrado"] as const).map((state, i) => ({ nameAndSurname: `Cliente ${i}`, address: "Calle Mayor 1", town: "Madrid", state })),
    )
    .returning({ id: contactRequests.id });
  ids.request = request!.id;
  // Issue 30: a job and a booked visit are on the agenda too (the home used to say "0 visitas").
  const tomas = await technicianSession(db, "tomas-agenda@termoclima.test", "Tomás Instalador");
  const job = await insertAcceptedJob(db, { customerName: "Pablo Trabajo", phone: "611 222 333", town: "Alcorcón" });
  ids.job = job.jobId;
  // Thursday 13 June, 08:00-14:00 in Madrid.
  await db.update(jobs).set({ status: "programado", technicianId: tomas.id, startsAt: new Date("2030-06-13T06:00:00Z"), endsAt: new Date("2030-06-13T12:00:00Z") }).where(eq(jobs.id, job.jobId));
  const visit = (name: string, startsAt: string, state: "reservada" | "cancelada" = "reservada") =>
    db.insert(visits).values({ token: `${name}-${"x".repeat(32)}`, name, phone: "622 333 444", address: "Calle Real 5", town: "Pinto", contactRequestId: request!.id, state, startsAt: new Date(startsAt), endsAt: new Date(new Date(startsAt).getTime() + 3_600_000) });
  // Today 17:00 in Madrid; day 8 (19 June) at 10:00, the last day shown; 20 June, too late; one cancelled.
  await visit("Rosa Hoy", "2030-06-12T15:00:00Z");
  await visit("Rosa Dia 8", "2030-06-19T08:00:00Z");
  await visit("Rosa Tarde", "2030-06-20T08:00:00Z");
  await visit("Rosa Anulada", "2030-06-12T16:00:00Z", "cancelada");
  ids.empty = (await insertProduct(db, { stock: 0, model: "Agotado 0" })).id;
  ids.atThreshold = (await insertProduct(db, { stock: 2, model: "Justo 2" })).id;
  ids.custom = (await insertProduct(db, { stock: 5, lowStockThreshold: 5, model: "Umbral 5" })).id;
  ids.above = (await insertProduct(db, { stock: 3, model: "Sobra 3" })).id;
  ids.hidden = (await insertProduct(db, { stock: 1, active: false, model: "Oculto 1" })).id;
});

describe("the home page's figures", () => {
  it("new orders and their amount: today, and this week from Monday (Madrid)", async () => {
    const { db } = await ready;
    const figures = await dashboard(db, NOW);
    expect(figures.periods).toMatchObject({ today: "2030-06-12", weekStart: "2030-06-10", lateUntil: "2030-06-09", agendaUntil: "2030-06-19" });
    expect(figures.today).toEqual({ count: before.today.count + 1, amountCents: before.today.amountCents + ORDER_CENTS });
    expect(figures.week).toEqual({ count: before.week.count + 3, amountCents: before.week.amountCents + 3 * ORDER_CENTS });
  });

  it("transfers waiting, and those placed three calendar days ago or earlier as late", async () => {
    const { db } = await ready;
    const figures = await dashboard(db, NOW);
    // hoy, domingo, lunes-temprano (lunes was paid by card; the visits are not waiting).
    expect(figures.transfers.count).toBe(before.transfers.count + 3);
    expect(figures.transfers.late).toBe(before.transfers.late + 1);
    expect(figures.reminderDays).toBe(3);
  });

  it("open quote requests, by state", async () => {
    const { db } = await ready;
    const { quotes } = await dashboard(db, NOW);
    expect(quotes.count).toBe(before.quotes.count + 3);
    expect(quotes.byState).toEqual({ nuevo: before.quotes.byState.nuevo + 2, contactado: before.quotes.byState.contactado + 1, presupuestado: before.quotes.byState.presupuestado });
  });

  it("the agenda: jobs, visits and installations of today and the next seven days, in the order they happen", async () => {
    const { db } = await ready;
    const { agenda, periods } = await dashboard(db, NOW);
    expect(periods.agendaUntil).toBe("2030-06-19");
    expect(agenda.map((entry) => `${entry.day} ${entry.start} ${entry.kind} ${entry.customer}`)).toEqual([
      "2030-06-12 09:00 instalacion Lucía García Pérez",
      "2030-06-12 16:00 instalacion Lucía García Pérez",
      "2030-06-12 17:00 visita Rosa Hoy",
      "2030-06-13 08:00 trabajo Pablo Trabajo",
      "2030-06-18 11:00 instalacion Lucía García Pérez",
      "2030-06-19 10:00 visita Rosa Dia 8",
      "2030-06-19 11:00 instalacion Lucía García Pérez",
    ]);
    expect(agenda[1]).toMatchObject({ title: "Pedido visita-hoy", end: "18:00", href: "/admin/pedidos/visita-hoy", technician: null });
    expect(agenda[1]!.place).toContain("Getafe");
    expect(agenda[2]).toMatchObject({ title: "Visita", phone: "622 333 444", place: "Calle Real 5, Pinto", href: `/admin/solicitudes/${ids.request}` });
    expect(agenda[3]).toMatchObject({ kind: "trabajo", end: "14:00", phone: "611 222 333", technician: "Tomás Instalador", href: `/admin/trabajos/${ids.job}` });
    expect(agenda[3]!.title).toMatch(/^Presupuesto P2026-\d{6}$/);
  });

  it("what waits for the owner: new requests, jobs to schedule and to charge, each the state its list filters by", async () => {
    const { db } = await ready;
    const { toDo } = await dashboard(db, NOW);
    // Two requests in "nuevo" (beforeAll); the job scheduled there is no longer waiting.
    expect(toDo.newRequests).toBe(before.toDo.newRequests + 2);
    expect(toDo.jobsToSchedule).toBe(before.toDo.jobsToSchedule);
    await insertAcceptedJob(db, { customerName: "Ana Espera" });
    const done = await insertAcceptedJob(db, { customerName: "Luis Hecho" });
    await db.update(jobs).set({ status: "terminado" }).where(eq(jobs.id, done.jobId));
    const after = (await dashboard(db, NOW)).toDo;
    expect(after).toMatchObject({ jobsToSchedule: toDo.jobsToSchedule + 1, jobsToCharge: toDo.jobsToCharge + 1 });
  });

  it("and visits ahead, sent quotes about to expire, deposits waiting, late F-gas certificates, failed deliveries: the lists' own conditions", async () => {
    const { db } = await ready;
    const { toDo } = await dashboard(db, NOW);
    // beforeAll's visits today at 17:00 and on day 8; not the one on 20 June, nor the cancelled one.
    expect(toDo.visitsAhead).toBe(before.toDo.visitsAhead + 2);

    const sent = async (validUntil: string) => {
      const job = await insertAcceptedJob(db, { customerName: `Caduca ${validUntil}` });
      await db.update(quotes).set({ status: "enviado", validUntil }).where(eq(quotes.id, job.quoteId));
      return job.number;
    };
    const expiring = [await sent("2030-06-12"), await sent("2030-06-19")];
    await sent("2030-06-11");
    await sent("2030-06-20");
    await insertAcceptedJob(db, { customerName: "Señal Pendiente", deposit: { kind: "porcentaje", percent: 30 } });
    const [declared] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, "lunes"));
    await db.insert(fgasDeclarations).values({ orderId: declared!.id, declarantName: "Lunes Declarante", declarantId: "12345678Z", declaredAt: new Date("2029-06-01T10:00:00Z") });
    await db.insert(outbox).values([
      { kind: "email", payload: {}, status: "failed", ref: `order:${declared!.id}` },
      { kind: "trello_card", payload: {}, status: "failed", ref: `contact:${ids.request}` },
    ]);

    const after = (await dashboard(db, NOW)).toDo;
    expect(after.quotesExpiring).toBe(toDo.quotesExpiring + 2);
    const listed = await listQuotes(db, { q: "", status: "por_caducar", page: 1 }, NOW);
    expect(listed.rows.map((row) => row.number)).toEqual(expect.arrayContaining(expiring));
    expect(listed.total).toBe(after.quotesExpiring);
    expect(after.depositsWaiting).toBe(toDo.depositsWaiting + 1);
    expect((await listJobs(db, { depositWaiting: true })).total).toBe(after.depositsWaiting);
    expect(after.fgasOverdue).toBe(toDo.fgasOverdue + 1);
    expect(after.failed.count).toBe(toDo.failed.count + 2);
    expect(after.failed.latest.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "email", about: "del pedido lunes", href: "/admin/pedidos/lunes#correos-titulo" }),
        expect.objectContaining({ kind: "trello_card", about: `de la solicitud n.º ${ids.request}`, href: `/admin/solicitudes/${ids.request}#solicitud-entregas` }),
      ]),
    );
  });

  it("figures: invoiced this month against the same days a year before, twelve weeks of invoices and quotes, the share accepted", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 10 });
    const paid = async (number: string, at: string) => {
      const order = await insertTestOrder(db, { number, email: `${number}@example.com`, createdAt: new Date(at), productIds: [product.id], status: "Pagado" });
      return (await db.transaction((tx) => issueInvoice(tx, order.id, new Date(at)))).invoice.totalCents;
    };
    const thisMonth = await paid("cifras-junio", "2030-06-11T10:00:00Z");
    const sameDays = await paid("cifras-junio-2029", "2029-06-05T10:00:00Z");
    const laterThatMonth = await paid("cifras-junio-2029-tarde", "2029-06-25T10:00:00Z");
    // Two quotes first sent in the week of Monday 3 June 2030; one accepted on the 6th.
    for (const [sequence, accepted] of [[990_001, true], [990_002, false]] as const) {
      const job = await insertAcceptedJob(db, { customerName: `Cifras ${sequence}` });
      const [quote] = await db.select().from(quotes).where(eq(quotes.id, job.quoteId));
      const [copy] = await db
        .insert(quotes)
        .values({ ...quote!, id: undefined, number: `P2030-${sequence}`, year: 2030, sequence, token: `cifras-${sequence}` })
        .returning({ id: quotes.id });
      const [version] = await db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, job.quoteId));
      await db.insert(quoteVersions).values({ ...version!, quoteId: copy!.id, sentAt: new Date("2030-06-04T09:00:00Z") });
      if (accepted) {
        const [response] = await db.select().from(quoteResponses).where(eq(quoteResponses.quoteId, job.quoteId));
        await db.insert(quoteResponses).values({ ...response!, id: undefined, quoteId: copy!.id, createdAt: new Date("2030-06-06T09:00:00Z") });
      }
    }

    const { figures } = await dashboard(db, NOW);
    expect(figures.months.current).toEqual({ from: "2030-06-01", to: "2030-06-12" });
    expect(figures.invoiced.current).toBe(before.figures.invoiced.current + thisMonth);
    expect(figures.invoiced.lastYear).toBe(before.figures.invoiced.lastYear + sameDays);
    expect(figures.invoiced.lastYearMonth).toBe(before.figures.invoiced.lastYearMonth + sameDays + laterThatMonth);
    expect(figures.chart.map((week) => week.week)).toHaveLength(12);
    const week = (monday: string) => figures.chart.find((w) => w.week === monday)!;
    const earlier = (monday: string) => before.figures.chart.find((w) => w.week === monday)!;
    expect(week("2030-06-10").invoicedCents).toBe(earlier("2030-06-10").invoicedCents + thisMonth);
    expect(week("2030-06-03")).toMatchObject({ quotesSent: earlier("2030-06-03").quotesSent + 2, quotesAccepted: earlier("2030-06-03").quotesAccepted + 1 });
    expect(figures.quotes).toEqual({ sent: before.figures.quotes.sent + 2, accepted: before.figures.quotes.accepted + 1 });
  });

  it("active products at or below their own low-stock threshold, fewest units first", async () => {
    const { db } = await ready;
    const { lowStock } = await dashboard(db, NOW);
    // Counted: the sold-out one, the one at 2 of 2 and the one at 5 of its own threshold 5.
    expect(lowStock.count).toBe(before.lowStock.count + 3);
    const listed = lowStock.rows.map((row) => row.id);
    expect(lowStock.rows.length).toBe(Math.min(LOW_STOCK_LIST, lowStock.count));
    expect(lowStock.rows[0]).toMatchObject({ id: ids.empty, stock: 0, threshold: 2 });
    expect(listed).not.toContain(ids.above);
    expect(listed).not.toContain(ids.hidden);
    const stocks = lowStock.rows.map((row) => row.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
  });

  it("the page is for administrators only", async () => {
    const { db } = await ready;
    const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
    expect((await settle(() => homeLoader(args(new Request("http://localhost/admin"))))).status).toBe(404);
    const cookie = await adminCookie(db, "admin-avisos@termoclima.test");
    const page = await settle(() => homeLoader(args(adminRequest("/admin", cookie))));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ periods: { today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    // Issue 32: the last backup and the last restore drill, none yet here.
    expect(page.data).toMatchObject({ backup: { lastFinishedAt: null, failed: false }, drill: { lastFinishedAt: null, lastResult: null, failed: false } });
  });
});

describe("payments to review (issue 12)", () => {
  it("a second charge stays listed until refunded in full; a refund without Redsys's answer is listed", async () => {
    const { db } = await ready;
    const { order } = await paidCardOrder(db, { number: "9801-120630" });
    const second = await addAttempt(db, order.id, { amountCents: order.amountCents, state: "a reembolsar", method: "bizum" });
    const listed = async () => (await dashboard(db, NOW)).review;
    expect((await listed()).charges).toContainEqual(expect.objectContaining({ place: expect.objectContaining({ name: "9801-120630" }), code: second.code, leftCents: order.amountCents }));

    await db.insert(refunds).values({ orderId: order.id, attemptId: second.id, channel: "redsys", amountCents: 1000, state: "enviando", responseMeaning: "Sin respuesta de Redsys", actor: "duena@termoclima.test" });
    let review = await listed();
    expect(review.charges).toContainEqual(expect.objectContaining({ code: second.code, leftCents: order.amountCents - 1000 }));
    expect(review.unanswered).toContainEqual(expect.objectContaining({ place: { noun: "pedido", name: "9801-120630", href: "/admin/pedidos/9801-120630#reembolsos" }, amountCents: 1000 }));

    await db.insert(refunds).values({ orderId: order.id, attemptId: second.id, channel: "redsys", amountCents: order.amountCents - 1000, state: "hecho", actor: "duena@termoclima.test" });
    review = await listed();
    expect(review.charges.map((charge) => charge.code)).not.toContain(second.code);

    await db.insert(refunds).values({ orderId: order.id, attemptId: second.id, channel: "redsys", amountCents: 1, state: "enviando", actor: "x", createdAt: new Date(Date.now() - 10 * 60_000) });
    // A refund asked of Redsys 10 minutes ago with no answer recorded (the process stopped) is listed too.
    expect((await listed()).unanswered).toContainEqual(expect.objectContaining({ place: expect.objectContaining({ name: "9801-120630" }), amountCents: 1 }));
  });
});
