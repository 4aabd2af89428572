import { and, asc, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { splitInclusive } from "~/domain/money";
import type { ExtraWorkLine } from "~/domain/jobs/work-report-content";
import { loader as invoicePdfLoader } from "~/routes/invoices/job-invoice-pdf";
import { action as pageAction, loader as pageLoader } from "~/routes/quotes/quote-page";
import { loader as payLoader } from "~/routes/payments/job-payment";
import { loader as returnLoader } from "~/routes/payments/job-payment-return";
import { redsysConfig } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { verifactuRecords } from "~/server/invoices/verifactu-schema.server";
import { jobCharges, jobs, workReports } from "~/server/jobs/jobs-schema.server";
import { paymentAttempts } from "~/server/payments/payments-schema.server";
import { listInvoices } from "~/server/invoices/invoice-list.server";
import { cancelJob, moveJob } from "~/server/jobs/job-changes.server";
import { issueFinalInvoice } from "~/server/jobs/job-final-invoice.server";
import { jobChargeAction } from "~/server/jobs/job-payment-admin.server";
import { quoteMoney } from "~/server/jobs/job-payment-page.server";
import { closeJobIfNothingOwed } from "~/server/jobs/job-payments.server";
import { handleNotification } from "~/server/payments/notification.server";
import { runDepositWindows } from "~/server/jobs/deposit-windows.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { action as jobAction, loader as jobLoader } from "~/routes/jobs/admin-job";
import { insertAcceptedJob, type JobFixture } from "../support/job-fixtures";
import { pdfText } from "../support/pdf-text";
import { enableTestRedsys, notification } from "../support/redsys-notify";
import { insertProduct } from "../support/transfer-orders";

/*
 * A job's money (issue 17) against a real database: the deposit asked at acceptance, paid by
 * card through a signed notification (one invoice however many times it is notified) or by a
 * transfer the owner records, the final invoice deducting it and closing the job when paid,
 * and the deposit's window giving the units back (taken again by a late payment).
 */
const ready = setupTestDatabase();
enableTestRedsys({ PUBLIC_BASE_URL: "https://tienda.example" });
const NOW = new Date("2032-05-10T10:00:00Z");
const OWNER = { id: "owner", email: "duena@termoclima.test", name: "Dueña", sessionToken: "x" };
const THIRTY = { kind: "porcentaje", percent: 30 } as const;
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;
const url = (path: string) => `https://tienda.example${path}`;

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

let db: Database;
beforeAll(async () => {
  db = (await ready).db;
});

async function chargesOf(jobId: number) {
  return db.select().from(jobCharges).where(eq(jobCharges.jobId, jobId)).orderBy(asc(jobCharges.id));
}

async function mailsOf(jobId: number) {
  return (await db.select().from(outbox).where(and(eq(outbox.ref, `trabajo:${jobId}`), eq(outbox.kind, "email"))).orderBy(asc(outbox.id))).map((row) => row.payload as { to: string; subject: string; text: string });
}

/** The customer presses "Pagar con tarjeta" on the quote's page: the attempt's code. */
async function startCardPayment(job: JobFixture, chargeId: number): Promise<string> {
  const request = new Request(url(`/presupuestos/${job.token}`), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.20" },
    body: new URLSearchParams({ intent: "pagar", cargo: String(chargeId), metodo: "tarjeta" }),
  });
  const answer = await settle(() => pageAction(args(request, { token: job.token })));
  expect(answer.status).toBe(303);
  const code = new URL(answer.location!, "https://tienda.example").searchParams.get("intento")!;
  expect(answer.location).toBe(`/presupuestos/${job.token}/pago?intento=${code}`);
  return code;
}

async function payByCard(job: JobFixture, chargeId: number, response = "0000") {
  const code = await startCardPayment(job, chargeId);
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.code, code));
  return { code, result: await handleNotification(db, redsysConfig()!, notification({ code, amountCents: attempt!.amountCents, response }), NOW) };
}

async function insertReport(jobId: number, extras: ExtraWorkLine[] = []) {
  await db.insert(workReports).values({
    jobId,
    idempotencyKey: `parte-${jobId}-${Math.random()}`,
    content: { checklistKind: "caldera-gas", checklist: [], combustion: null, units: [], extras, notes: "" },
    signature: "M 1 1 L 2 2",
    documentSha256: "a".repeat(64),
    signedAt: NOW,
  });
}

/** What the technician's report does (work-report.server.ts): the final invoice, then "terminado". */
async function finishJob(jobId: number) {
  return db.transaction(async (tx) => {
    const result = await issueFinalInvoice(tx, jobId, NOW);
    await tx.update(jobs).set({ status: "terminado" }).where(eq(jobs.id, jobId));
    if (result.totalCents === 0) await closeJobIfNothingOwed(tx, jobId, "sistema", NOW);
    return result;
  });
}

describe("the deposit", () => {
  it("is asked at acceptance, due DEPOSIT_PAYMENT_DAYS later, and shown on the quote's page with the ways to pay", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    // Option B: 4,5 h x 40,00 € = 180,00 € + 21 % = 217,80 €; 30 % = 65,34 €.
    expect(job).toMatchObject({ totalCents: 21_780, depositCents: 6_534 });
    const [charge] = await chargesOf(job.jobId);
    expect(charge).toMatchObject({ kind: "senal", amountCents: 6_534, state: "pendiente", dueAt: new Date("2032-05-17T10:00:00Z") });
    const page = await pageLoader(args(new Request(url(`/presupuestos/${job.token}`)), { token: job.token }));
    expect(page.money).toMatchObject({
      due: { kind: "senal", amountCents: 6_534, dueOn: "17/05/2032", last: null, released: false },
      online: true,
      transfer: { holder: "Termoclima Madrid S.L.", concept: job.number, iban: expect.stringMatching(/^ES\d\d \d{4}/) },
      invoices: [],
    });
  });

  it("no deposit asked: no charge", async () => {
    const job = await insertAcceptedJob(db, { now: NOW });
    expect(await chargesOf(job.jobId)).toEqual([]);
  });

  it("paid by card: one invoice however many times Redsys notifies, with its VERI*FACTU record and the e-mail", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [charge] = await chargesOf(job.jobId);
    const { code, result } = await payByCard(job, charge!.id);
    expect(result).toEqual({ ok: true, outcome: "pagado", quote: job.number });
    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.code, code));
    const again = await handleNotification(db, redsysConfig()!, notification({ code, amountCents: attempt!.amountCents }), NOW);
    expect(again).toEqual({ ok: true, outcome: "repetida", quote: job.number });

    const [paid] = await chargesOf(job.jobId);
    expect(paid).toMatchObject({ state: "pagado", payMethod: "tarjeta", bankReference: "218048", paidRecordedBy: "Redsys" });
    const issued = await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id));
    expect(issued).toHaveLength(1);
    const split = splitInclusive(6_534, 21);
    expect(issued[0]).toMatchObject({
      series: "F",
      orderId: null,
      vatRate: 21,
      baseCents: split.baseCents,
      vatCents: split.vatCents,
      totalCents: 6_534,
      payMethod: "Tarjeta",
      buyer: { name: "Lucía Pérez", nif: "12345678Z", address: ["Calle de Alcalá 100, 3º B", "28009 Madrid", "España"] },
    });
    expect(issued[0]!.lines).toEqual([
      { description: `Anticipo a cuenta del presupuesto ${job.number}, opción B: Cambio de caldera con retirada de la antigua.`, quantity: 1, unitBaseCents: split.baseCents, baseCents: split.baseCents, vatRate: 21 },
    ]);
    expect(await db.select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, issued[0]!.id))).toHaveLength(1);

    const mail = (await mailsOf(job.jobId)).find((m) => m.subject.includes(issued[0]!.number))!;
    expect(mail.to).toBe("lucia@example.com");
    expect(mail.subject).toContain(`del presupuesto ${job.number}`);
    expect(mail.text).toContain(`de su presupuesto ${job.number}`);
    expect(mail.text).toContain(`https://tienda.example/presupuestos/${job.token}`);
    expect(mail.text).not.toContain("Mis Pedidos");

    // The way back says it from the stored attempt; the quote's page lists the invoice.
    const back = await returnLoader(args(new Request(url(`/presupuestos/${job.token}/pago/vuelta?intento=${code}`)), { token: job.token }));
    expect(back).toMatchObject({ state: "pagado", what: "la señal", amountCents: 6_534 });
    const page = await pageLoader(args(new Request(url(`/presupuestos/${job.token}`)), { token: job.token }));
    expect(page.money).toMatchObject({ due: null, invoices: [{ number: issued[0]!.number, totalCents: 6_534 }] });

    // The PDF by the quote's token says "Presupuesto P…"; another quote's token does not open it.
    const pdf = (await invoicePdfLoader(args(new Request(url("/x")), { token: job.token, invoice: issued[0]!.number }))) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Presupuesto: ${job.number}`);
    const other = await insertAcceptedJob(db, { now: NOW });
    expect((await settle(() => invoicePdfLoader(args(new Request(url("/x")), { token: other.token, invoice: issued[0]!.number })))).status).toBe(404);

    // The back office's list names the quote where an order's names the order.
    const list = await listInvoices(db, { from: "2032-05-01", to: "2032-05-31", page: 1 });
    expect(list.rows.find((row) => row.number === issued[0]!.number)).toMatchObject({ orderNumber: null, quoteNumber: job.number });
  });

  it("the pay page signs the attempt's form; a settled attempt goes to the way back; a denied payment changes nothing", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [charge] = await chargesOf(job.jobId);
    const code = await startCardPayment(job, charge!.id);
    const pay = await payLoader(args(new Request(url(`/presupuestos/${job.token}/pago?intento=${code}`)), { token: job.token }));
    expect(pay).toMatchObject({ ready: true, code, method: "tarjeta", amountCents: 6_534, form: { fields: { Ds_SignatureVersion: "HMAC_SHA256_V1" } } });
    const parameters = JSON.parse(Buffer.from((pay as { form: { fields: { Ds_MerchantParameters: string } } }).form.fields.Ds_MerchantParameters, "base64").toString());
    expect(parameters).toMatchObject({ DS_MERCHANT_MERCHANTDATA: job.number, DS_MERCHANT_URLOK: `https://tienda.example/presupuestos/${job.token}/pago/vuelta?intento=${code}` });
    const waiting = await returnLoader(args(new Request(url(`/x?intento=${code}`)), { token: job.token }));
    expect(waiting).toMatchObject({ state: "pendiente" });

    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.code, code));
    expect(await handleNotification(db, redsysConfig()!, notification({ code, amountCents: attempt!.amountCents, response: "0190" }), NOW)).toMatchObject({ outcome: "denegado" });
    expect((await chargesOf(job.jobId))[0]).toMatchObject({ state: "pendiente" });
    expect(await returnLoader(args(new Request(url(`/x?intento=${code}`)), { token: job.token }))).toMatchObject({ state: "denegado" });
    const gone = await settle(() => payLoader(args(new Request(url(`/x?intento=${code}`)), { token: job.token })));
    expect(gone).toMatchObject({ status: 302, location: `/presupuestos/${job.token}/pago/vuelta?intento=${code}` });
    const page = await pageLoader(args(new Request(url(`/presupuestos/${job.token}`)), { token: job.token }));
    expect(page.money?.due?.last).toMatchObject({ state: "denegado" });
    // Another quote's token does not see this attempt.
    const other = await insertAcceptedJob(db, { now: NOW });
    expect((await settle(() => returnLoader(args(new Request(url(`/x?intento=${code}`)), { token: other.token })))).status).toBe(404);
  });

  it("a second authorisation of a paid deposit is never applied: 'a reembolsar' and the shop is told", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [charge] = await chargesOf(job.jobId);
    const first = await startCardPayment(job, charge!.id);
    const second = await startCardPayment(job, charge!.id);
    for (const code of [first, second]) await handleNotification(db, redsysConfig()!, notification({ code, amountCents: 6_534 }), NOW);
    const attempts = await db.select({ code: paymentAttempts.code, state: paymentAttempts.state }).from(paymentAttempts).where(eq(paymentAttempts.chargeId, charge!.id));
    expect(Object.fromEntries(attempts.map((a) => [a.code, a.state]))).toEqual({ [first]: "pagado", [second]: "a reembolsar" });
    expect(await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id))).toHaveLength(1);
    expect((await mailsOf(job.jobId)).some((m) => m.subject.includes("cobro a reembolsar") && m.text.includes(second))).toBe(true);
    // And the page refuses to start a third.
    const request = new Request(url(`/presupuestos/${job.token}`), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pagar", cargo: String(charge!.id), metodo: "bizum" }),
    });
    expect(await settle(() => pageAction(args(request, { token: job.token })))).toMatchObject({ status: 409, data: { message: expect.stringContaining("ya no está pendiente") } });
  });

  it("paid by a transfer the owner records: the invoice, once (a second click changes nothing), audited", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [charge] = await chargesOf(job.jobId);
    const input = { intent: "transfer" as const, chargeId: charge!.id, paidOn: "2032-05-09", reference: "TRF-20320509-77" };
    const done = await jobChargeAction(db, OWNER, job.jobId, input, NOW);
    expect(done).toMatchObject({ ok: true, message: expect.stringMatching(/Transferencia de 65,34\s€ registrada\. Factura F2032-\d{6} emitida/) });
    expect(await jobChargeAction(db, OWNER, job.jobId, input, NOW)).toMatchObject({ ok: true, message: expect.stringContaining("ya estaba registrada") });
    expect((await chargesOf(job.jobId))[0]).toMatchObject({ state: "pagado", payMethod: "transferencia", bankReference: "TRF-20320509-77", paidRecordedBy: OWNER.email });
    const issued = await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ payMethod: "Transferencia bancaria", issuedOn: "2032-05-10", operationOn: "2032-05-09" });
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entity, "trabajo"), eq(auditLog.entityId, String(job.jobId)), like(auditLog.action, "señal pagada")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor).toBe(OWNER.email);
    // A charge of another job, a date in the future: refused.
    const other = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    expect(await jobChargeAction(db, OWNER, other.jobId, input, NOW)).toMatchObject({ ok: false, status: 404 });
    expect(await jobChargeAction(db, OWNER, job.jobId, { ...input, paidOn: "2032-05-11" }, NOW)).toMatchObject({ ok: false, status: 409, field: "paidOn" });
  });

  it("without the customer's NIF the invoice waits, the shop is told, and the owner issues it with the NIF", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, nif: "", now: NOW });
    const [charge] = await chargesOf(job.jobId);
    await payByCard(job, charge!.id);
    expect((await chargesOf(job.jobId))[0]).toMatchObject({ state: "pagado" });
    expect(await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id))).toHaveLength(0);
    expect((await mailsOf(job.jobId)).some((m) => m.text.includes("no se puede emitir la factura"))).toBe(true);
    const refused = await jobChargeAction(db, OWNER, job.jobId, { intent: "invoice", chargeId: charge!.id, nif: "12345678Z" }, NOW);
    expect(refused).toMatchObject({ ok: true, message: expect.stringMatching(/^Factura F2032-\d{6} emitida/) });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id));
    expect(invoice!.buyer.nif).toBe("12345678Z");
  });

  it("a newly accepted version annuls the unpaid deposit; a paid one counts and only a bigger deposit asks the difference", async () => {
    const { askDeposit } = await import("~/server/jobs/job-charges.server");
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    await db.transaction((tx) => askDeposit(tx, job.jobId, 7_000, NOW));
    expect((await chargesOf(job.jobId)).map((c) => [c.state, c.amountCents])).toEqual([
      ["anulado", 6_534],
      ["pendiente", 7_000],
    ]);
    const pending = (await chargesOf(job.jobId))[1]!;
    await jobChargeAction(db, OWNER, job.jobId, { intent: "transfer", chargeId: pending.id, paidOn: "2032-05-10", reference: "TRF-1" }, NOW);
    expect(await db.transaction((tx) => askDeposit(tx, job.jobId, 6_000, NOW))).toBeNull();
    const difference = await db.transaction((tx) => askDeposit(tx, job.jobId, 9_000, NOW));
    expect(difference).toMatchObject({ kind: "senal", amountCents: 2_000, state: "pendiente" });
  });
});

describe("the final invoice", () => {
  const extra: ExtraWorkLine = { kind: "material", productId: null, description: "Tubo de cobre 15 mm", quality: "Cobre", quantityMilli: 2000, unit: "m", unitCents: 1_250, used: false };

  it("lists the option's lines and the extras, deducts the deposit invoiced, is e-mailed with the way to pay, and paying it closes the job", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [deposit] = await chargesOf(job.jobId);
    await payByCard(job, deposit!.id);
    const [depositInvoice] = await db.select().from(invoices).where(eq(invoices.jobChargeId, deposit!.id));
    await insertReport(job.jobId, [extra]);
    const result = await finishJob(job.jobId);
    // 180,00 + 25,00 = 205,00 base; minus the deposit's base 54,00 = 151,00 + 21 % = 182,71 €.
    expect(result).toEqual({ invoiceNumber: expect.stringMatching(/^F2032-\d{6}$/), totalCents: 18_271 });
    const [final] = await db.select().from(invoices).where(eq(invoices.number, result.invoiceNumber));
    expect(final!.lines.map((line) => [line.description, line.quantity, line.unitBaseCents, line.baseCents])).toEqual([
      ["Montaje y puesta en marcha", 4.5, 4_000, 18_000],
      ["Tubo de cobre 15 mm (Cobre)", 2, 1_250, 2_500],
      [`A deducir: anticipo facturado en ${depositInvoice!.number}`, 1, -depositInvoice!.baseCents, -depositInvoice!.baseCents],
    ]);
    expect(final).toMatchObject({ baseCents: 15_100, vatCents: 3_171, totalCents: 18_271 });
    const charges = await chargesOf(job.jobId);
    expect(charges.map((c) => [c.kind, c.state, c.amountCents])).toEqual([
      ["senal", "pagado", 6_534],
      ["final", "pendiente", 18_271],
    ]);
    const mail = (await mailsOf(job.jobId)).find((m) => m.subject.includes(result.invoiceNumber))!;
    expect(mail.text).toContain(`Puede pagar 182,71\u00a0€ con tarjeta o Bizum en la página de su presupuesto: https://tienda.example/presupuestos/${job.token}`);
    expect(mail.text).toContain(`Concepto: ${job.number}`);
    const page = await pageLoader(args(new Request(url(`/presupuestos/${job.token}`)), { token: job.token }));
    expect(page.money?.due).toMatchObject({ kind: "final", amountCents: 18_271 });

    await payByCard(job, charges[1]!.id);
    const [closed] = await db.select().from(jobs).where(eq(jobs.id, job.jobId));
    expect(closed!.status).toBe("cobrado");
    expect(await db.select().from(invoices).where(eq(invoices.jobChargeId, charges[1]!.id))).toHaveLength(1);
  });

  it("an unpaid deposit is annulled: the final invoice asks the whole job", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    await insertReport(job.jobId);
    expect(await finishJob(job.jobId)).toMatchObject({ totalCents: 21_780 });
    expect((await chargesOf(job.jobId)).map((c) => [c.kind, c.state])).toEqual([
      ["senal", "anulado"],
      ["final", "pendiente"],
    ]);
  });

  it("all paid with the deposit: no final charge, and the job is paid", async () => {
    const job = await insertAcceptedJob(db, { deposit: { kind: "porcentaje", percent: 100 }, now: NOW });
    const [deposit] = await chargesOf(job.jobId);
    await payByCard(job, deposit!.id);
    await insertReport(job.jobId);
    expect(await finishJob(job.jobId)).toEqual({ invoiceNumber: "", totalCents: 0 });
    const [closed] = await db.select().from(jobs).where(eq(jobs.id, job.jobId));
    expect(closed!.status).toBe("cobrado");
    expect((await chargesOf(job.jobId)).map((c) => c.kind)).toEqual(["senal"]);
  });

  it("a transfer recorded for the final balance closes the job", async () => {
    const job = await insertAcceptedJob(db, { now: NOW });
    await insertReport(job.jobId);
    await finishJob(job.jobId);
    const [final] = await chargesOf(job.jobId);
    const done = await jobChargeAction(db, OWNER, job.jobId, { intent: "transfer", chargeId: final!.id, paidOn: "2032-05-10", reference: "TRF-FINAL" }, NOW);
    expect(done).toMatchObject({ ok: true, message: expect.stringContaining("El trabajo está cobrado.") });
  });
});

describe("the owner's buttons follow the money", () => {
  it("«Marcar como terminado» issues the final invoice; «Marcar como cobrado» is refused while it waits, and a transfer closes the job", async () => {
    const job = await insertAcceptedJob(db, { now: NOW });
    await db.update(jobs).set({ status: "en_curso" }).where(eq(jobs.id, job.jobId));
    const finished = await moveJob(db, OWNER, job.jobId, "terminado", NOW);
    expect(finished).toMatchObject({ ok: true, message: expect.stringMatching(/^Trabajo «Terminado»: factura final F\d{4}-\d{6} de [\d.,]+\s€ enviada al cliente/) });
    const [final] = await chargesOf(job.jobId);
    expect(final).toMatchObject({ kind: "final", state: "pendiente" });
    const refused = await moveJob(db, OWNER, job.jobId, "cobrado", NOW);
    expect(refused).toMatchObject({ ok: false, status: 409, error: expect.stringContaining("Queda por cobrar") });
    await jobChargeAction(db, OWNER, job.jobId, { intent: "transfer", chargeId: final!.id, paidOn: "2032-05-10", reference: "TRF-BOTON" }, NOW);
    const [closed] = await db.select().from(jobs).where(eq(jobs.id, job.jobId));
    expect(closed!.status).toBe("cobrado");
  });
});

describe("the deposit's window", () => {
  it("an unpaid deposit gives the units back after its window, once; paying later takes them again, and tells what is short", async () => {
    const product = await insertProduct(db, { stock: 3 });
    const job = await insertAcceptedJob(db, { deposit: THIRTY, productId: product.id, units: 2, now: NOW });
    const stock = async () => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!.stock;
    expect(await stock()).toBe(1);
    expect(await runDepositWindows(db, new Date("2032-05-17T09:59:00Z"))).not.toContain(job.jobId);
    const later = new Date("2032-05-17T10:01:00Z");
    expect(await runDepositWindows(db, later)).toContain(job.jobId);
    expect(await runDepositWindows(db, later)).not.toContain(job.jobId);
    expect(await stock()).toBe(3);
    expect((await db.select().from(jobs).where(eq(jobs.id, job.jobId)))[0]!.heldUnits).toEqual([]);
    expect((await mailsOf(job.jobId)).some((m) => m.subject.includes("unidades liberadas"))).toBe(true);
    expect((await quoteMoney(db, job.quoteId, job.number, later))?.due).toMatchObject({ released: true });

    // Someone buys two meanwhile; the late deposit takes the one left and the shop hears of the other.
    await db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const [charge] = await chargesOf(job.jobId);
    await payByCard(job, charge!.id);
    expect(await stock()).toBe(0);
    expect((await db.select().from(jobs).where(eq(jobs.id, job.jobId)))[0]!.heldUnits).toEqual([{ productId: product.id, units: 1 }]);
    expect((await mailsOf(job.jobId)).some((m) => m.text.includes("ya no quedan unidades de: 1 x Honeywell"))).toBe(true);
  });

  it("cancelling a job annuls its unpaid deposit (a late card payment is then to refund)", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [charge] = await chargesOf(job.jobId);
    const code = await startCardPayment(job, charge!.id);
    expect(await cancelJob(db, OWNER, job.jobId, "El cliente ya no quiere la obra", NOW)).toMatchObject({ ok: true });
    expect((await chargesOf(job.jobId))[0]).toMatchObject({ state: "anulado" });
    expect(await handleNotification(db, redsysConfig()!, notification({ code, amountCents: 6_534 }), NOW)).toMatchObject({ outcome: "a reembolsar" });
    expect(await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id))).toHaveLength(0);
  });
});

describe("cancelling a job", () => {
  it("tells the customer, with the date to take out of their calendar and the paid deposit to be given back", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW, email: "marta.cancela@example.com" });
    const [deposit] = await chargesOf(job.jobId);
    await payByCard(job, deposit!.id);
    await db.update(jobs).set({ status: "programado", startsAt: new Date("2032-05-20T07:00:00Z"), endsAt: new Date("2032-05-20T09:00:00Z") }).where(eq(jobs.id, job.jobId));
    const done = await cancelJob(db, OWNER, job.jobId, "La comunidad no da permiso para la salida de humos", NOW);
    expect(done).toMatchObject({ ok: true, message: expect.stringContaining("Se lo hemos dicho a marta.cancela@example.com.") });
    const mail = (await mailsOf(job.jobId)).find((m) => m.subject.includes("instalación cancelada"));
    expect(mail?.to).toBe("marta.cancela@example.com");
    expect(mail?.text).toContain("Motivo: La comunidad no da permiso para la salida de humos");
    expect(mail?.text).toContain("Puede borrar de su agenda la cita del jueves, 20 de mayo de 2032, de 09:00 a 11:00 (hora de Madrid).");
    expect(mail?.text).toContain("Le devolveremos la señal que pagó, 65,34");
  });
});

describe("the job's page in the back office", () => {
  it("lists the charges and records a transfer from its form; a bad form is a 400 in Spanish", async () => {
    const cookie = await adminCookie(db, "duena-cobros@termoclima.test");
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [charge] = await chargesOf(job.jobId);
    const path = `/admin/trabajos/${job.jobId}`;
    const page = await jobLoader(args(adminRequest(path, cookie), { id: String(job.jobId) }));
    expect(page.charges).toEqual([expect.objectContaining({ id: charge!.id, label: "Señal", amountCents: 6_534, state: "pendiente", dueOn: "17/05/2032", invoiceNumber: null, invoiceMissing: false })]);
    const bad = await settle(() => jobAction(args(adminRequest(path, cookie, { intent: "transfer", chargeId: String(charge!.id), paidOn: "ayer", reference: "" }), { id: String(job.jobId) })));
    expect(bad).toMatchObject({ status: 400, data: { ok: false, chargeId: charge!.id, fields: { paidOn: expect.stringContaining("fecha"), reference: expect.stringContaining("referencia") } } });
    const today = new Date().toISOString().slice(0, 10);
    const done = await settle(() => jobAction(args(adminRequest(path, cookie, { intent: "transfer", chargeId: String(charge!.id), paidOn: today, reference: "TRF-ADMIN" }), { id: String(job.jobId) })));
    expect(done).toMatchObject({ status: 200, data: { ok: true, message: expect.stringContaining("registrada") } });
    const after = await jobLoader(args(adminRequest(path, cookie), { id: String(job.jobId) }));
    expect(after.charges[0]).toMatchObject({ state: "pagado", invoiceNumber: expect.stringMatching(/^F\d{4}-\d{6}$/), paid: expect.stringContaining("ref. TRF-ADMIN") });
  });
});
