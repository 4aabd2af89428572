import { and, asc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { decimalEuros, formatEuros, splitInclusive } from "~/domain/money";
import { action as jobAction, loader as jobLoader } from "~/routes/jobs/admin-job";
import { action as pageAction } from "~/routes/quotes/quote-page";
import { redsysConfig } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { verifactuRecords } from "~/server/invoices/verifactu-schema.server";
import { dashboard } from "~/server/admin/dashboard.server";
import { cancelJob } from "~/server/jobs/job-changes.server";
import { issueFinalInvoice } from "~/server/jobs/job-final-invoice.server";
import { jobChargeAction } from "~/server/jobs/job-payment-admin.server";
import { closeJobIfNothingOwed } from "~/server/jobs/job-payments.server";
import { jobCharges, jobs, workReports } from "~/server/jobs/jobs-schema.server";
import { recordChargeTransferRefund, refundChargeThroughRedsys } from "~/server/payments/job-refunds.server";
import { handleNotification } from "~/server/payments/notification.server";
import { paymentAttempts, refunds } from "~/server/payments/payments-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { insertAcceptedJob, type JobFixture } from "../support/job-fixtures";
import { fakeRedsysRest } from "../support/refund-fixtures";
import { enableTestRedsys, notification } from "../support/redsys-notify";

/*
 * Refunds of a job's charges (issue 31, "The money of jobs made whole"): the deposit of a
 * cancelled job given back through Redsys from the job's page, with its rectifying invoice in
 * the R series and the VERI*FACTU chain and both e-mails; never more than the charge took; a
 * deposit larger than the job given back in part by transfer; a refund before the invoice
 * (the NIF was missing) rectified when the invoice is issued; a deposit the final invoice
 * already deducts is not refunded on its own; another job's charge is a 404.
 */
const ready = setupTestDatabase();
enableTestRedsys({ PUBLIC_BASE_URL: "https://tienda.example" });
const NOW = new Date("2032-05-10T10:00:00Z");
const ADMIN = "duena-devoluciones@termoclima.test";
const ACTOR = { email: ADMIN };
const OWNER = { id: "owner", email: ADMIN, name: "Dueña", sessionToken: "x" };
const THIRTY = { kind: "porcentaje", percent: 30 } as const;
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;
const redsys = fakeRedsysRest({ ...redsysConfig()! });
const deps = { fetchImpl: redsys.impl };

let db: Database;
let cookie = "";
beforeAll(async () => {
  db = (await ready).db;
  cookie = await adminCookie(db, ADMIN);
});
beforeEach(() => {
  redsys.setMode("accept");
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const chargesOf = (jobId: number) => db.select().from(jobCharges).where(eq(jobCharges.jobId, jobId)).orderBy(asc(jobCharges.id));
const mailsOf = async (jobId: number) =>
  (await db.select().from(outbox).where(and(eq(outbox.ref, `trabajo:${jobId}`), eq(outbox.kind, "email"))).orderBy(asc(outbox.id))).map((row) => row.payload as { to: string; subject: string; text: string });
const invoicesOf = (chargeId: number) => db.select().from(invoices).where(eq(invoices.jobChargeId, chargeId)).orderBy(asc(invoices.id));

/** The deposit paid by card: the customer's button on the quote's page, then Redsys's notification. */
async function payDepositByCard(job: JobFixture) {
  const [charge] = await chargesOf(job.jobId);
  const request = new Request(`https://tienda.example/presupuestos/${job.token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.21" },
    body: new URLSearchParams({ intent: "pagar", cargo: String(charge!.id), metodo: "tarjeta" }),
  });
  const answer = await settle(() => pageAction(args(request, { token: job.token })));
  const code = new URL(answer.location!, "https://tienda.example").searchParams.get("intento")!;
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.code, code));
  expect(await handleNotification(db, redsysConfig()!, notification({ code, amountCents: attempt!.amountCents }), NOW)).toMatchObject({ outcome: "pagado" });
  return { charge: (await chargesOf(job.jobId))[0]!, attempt: attempt! };
}

const post = (jobId: number, form: Record<string, string>) => settle(() => jobAction(args(adminRequest(`/admin/trabajos/${jobId}`, cookie, form), { id: String(jobId) })));
type Page = Exclude<Awaited<ReturnType<typeof jobLoader>>, Response>;
const page = async (jobId: number, search = "") => (await jobLoader(args(adminRequest(`/admin/trabajos/${jobId}${search}`, cookie), { id: String(jobId) }))) as Page;

describe("a cancelled job's deposit", () => {
  it("goes back through Redsys from the job's page: refund, rectifying invoice (R, chained), the customer's two e-mails, the audit line", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const { charge, attempt } = await payDepositByCard(job);
    const [deposit] = await invoicesOf(charge.id);
    expect(deposit).toMatchObject({ series: "F", totalCents: 6_534 });
    expect((await cancelJob(db, OWNER, job.jobId, "El cliente ha vendido el piso")).ok).toBe(true);

    const before = await page(job.jobId);
    expect(before.refunds).toHaveLength(1);
    expect(before.refunds[0]).toMatchObject({ chargeId: charge.id, kind: "senal", view: { paidCents: 6_534, leftCents: 6_534, attempts: [{ id: attempt.id, leftCents: 6_534 }] } });

    vi.stubGlobal("fetch", redsys.impl);
    try {
      const answer = await post(job.jobId, { intent: "reembolso-redsys", cobro: String(charge.id), pago: String(attempt.id), importe: decimalEuros(6_534), motivo: "Trabajo cancelado" });
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(new RegExp(`^/admin/trabajos/${job.jobId}\\?reembolso=\\d+#devoluciones$`));
    } finally {
      vi.unstubAllGlobals();
    }
    expect(redsys.calls.at(-1)).toMatchObject({ order: attempt.code, amountCents: 6_534, signatureOk: true });
    const [refund] = await db.select().from(refunds).where(eq(refunds.jobChargeId, charge.id));
    expect(refund).toMatchObject({ orderId: null, jobChargeId: charge.id, attemptId: attempt.id, channel: "redsys", state: "hecho", amountCents: 6_534, actor: ADMIN });

    const [, rectifying] = await invoicesOf(charge.id);
    const split = splitInclusive(6_534, 21);
    expect(rectifying).toMatchObject({ series: "R", rectifiesId: deposit!.id, refundId: refund!.id, orderId: null, totalCents: -6_534, baseCents: -split.baseCents, reason: "Reembolso: Trabajo cancelado" });
    expect(await db.select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, rectifying!.id))).toHaveLength(1);

    const mails = await mailsOf(job.jobId);
    const refundMail = mails.find((mail) => mail.subject.includes("le hemos devuelto"))!;
    expect(refundMail).toMatchObject({ to: "lucia@example.com" });
    expect(refundMail.subject).toContain(`${formatEuros(6_534)} del presupuesto ${job.number}`);
    expect(refundMail.text).toContain(`Le hemos devuelto ${formatEuros(6_534)} de la señal del presupuesto`);
    expect(refundMail.text).toContain(`https://tienda.example/presupuestos/${job.token}`);
    expect(mails.find((mail) => mail.subject.includes(`factura rectificativa ${rectifying!.number}`))).toBeTruthy();
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "trabajo"), eq(auditLog.entityId, String(job.jobId)), eq(auditLog.action, "reembolsar")));
    expect(line!.after).toMatchObject({ cobro: charge.id, importeCents: 6_534, concepto: "Señal" });

    // The page says what happened, and nothing is left to give back.
    const after = await page(job.jobId, `?reembolso=${refund!.id}`);
    expect(after.refunds[0]!.view).toMatchObject({ refundedCents: 6_534, leftCents: 0, refunds: [{ id: refund!.id, state: "hecho" }] });

    // A second refund: nothing left, 409, nothing written.
    const again = await recordChargeTransferRefund(db, ACTOR, job.jobId, charge.id, { amountCents: 100, refundedOn: "2032-05-10", reference: "TRF-2", reason: "Otra vez" });
    expect(again).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("no queda nada por devolver") });
    expect(await db.select().from(refunds).where(eq(refunds.jobChargeId, charge.id))).toHaveLength(1);
  });

  it("never more than the charge took; bad input is a 400 in Spanish; another job's charge is a 404", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const { charge, attempt } = await payDepositByCard(job);
    const over = await refundChargeThroughRedsys(db, ACTOR, job.jobId, charge.id, { attemptId: attempt.id, amountCents: 6_535, reason: "De más" }, deps);
    expect(over).toMatchObject({ ok: false, status: 409, message: `El reembolso no puede superar lo pagado: quedan ${formatEuros(6_534)} por devolver.` });
    const bad = await post(job.jobId, { intent: "reembolso-transferencia", cobro: String(charge.id), fecha: "2032-05-10", importe: "-3", referencia: "", motivo: "" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { importe: "Escriba el importe en euros con dos decimales como máximo, p. ej. 120,50.", referencia: "Escriba la referencia de la transferencia que aparece en el banco." } });
    const early = await post(job.jobId, { intent: "reembolso-transferencia", cobro: String(charge.id), fecha: "2020-01-01", importe: "10,00", referencia: "TRF", motivo: "Antes" });
    expect(early.data).toMatchObject({ errors: { fecha: expect.stringContaining("no puede ser anterior al pago") } });
    const other = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    expect((await post(other.jobId, { intent: "reembolso-transferencia", cobro: String(charge.id), fecha: "2032-05-10", importe: "1,00", referencia: "TRF", motivo: "Ajeno" })).status).toBe(404);
    expect(await recordChargeTransferRefund(db, ACTOR, other.jobId, charge.id, { amountCents: 100, refundedOn: "2032-05-10", reference: "X", reason: "Ajeno" })).toMatchObject({ ok: false, status: 404 });
    expect(await db.select().from(refunds).where(eq(refunds.jobChargeId, charge.id))).toEqual([]);
  });
});

describe("a deposit larger than the job", () => {
  it("the difference goes back by transfer with a partial rectifying invoice; the shop's notice says where", async () => {
    const job = await insertAcceptedJob(db, { deposit: { kind: "importe", cents: 30_000 }, now: NOW });
    // As a paid deposit stays when a later, cheaper version is accepted: 300,00 € for a 217,80 € job.
    await db.update(jobCharges).set({ amountCents: 30_000 }).where(eq(jobCharges.jobId, job.jobId));
    const [asked] = await chargesOf(job.jobId);
    expect((await jobChargeAction(db, OWNER, job.jobId, { intent: "transfer", chargeId: asked!.id, paidOn: "2032-05-10", reference: "TRF-SENAL" }, NOW)).ok).toBe(true);
    await db.insert(workReports).values({ jobId: job.jobId, idempotencyKey: `parte-${job.jobId}`, content: { checklistKind: "caldera-gas", checklist: [], combustion: null, units: [], extras: [], notes: "" }, signature: "M 1 1 L 2 2", documentSha256: "a".repeat(64), signedAt: NOW });
    await db.transaction(async (tx) => {
      expect(await issueFinalInvoice(tx, job.jobId, NOW)).toEqual({ invoiceNumber: "", totalCents: 0 });
      await tx.update(jobs).set({ status: "terminado" }).where(eq(jobs.id, job.jobId));
      await closeJobIfNothingOwed(tx, job.jobId, "sistema", NOW);
    });
    const excess = 30_000 - job.totalCents;
    expect((await mailsOf(job.jobId)).find((mail) => mail.text.includes("señal facturada fue mayor"))!.text).toContain("«Devoluciones» de la señal");

    const result = await recordChargeTransferRefund(db, ACTOR, job.jobId, asked!.id, { amountCents: excess, refundedOn: "2032-05-11", reference: "TRF-DEV", reason: "Señal mayor que el trabajo" });
    expect(result).toMatchObject({ ok: true, state: "hecho" });
    const [deposit, rectifying] = await invoicesOf(asked!.id);
    expect(rectifying).toMatchObject({ series: "R", rectifiesId: deposit!.id, totalCents: -excess });
    expect(rectifying!.lines[0]!.description).toBe(`Devolución parcial (${formatEuros(excess)} IVA incluido)`);
    // What stays invoiced is what the job cost.
    expect(deposit!.totalCents + rectifying!.totalCents).toBe(job.totalCents);
    expect(deposit!.totalCents).toBe(30_000);
  });
});

describe("a deposit and the final invoice", () => {
  it("a deposit refunded in part before the end is deducted net; once the final invoice exists it is not refunded on its own", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [asked] = await chargesOf(job.jobId);
    await jobChargeAction(db, OWNER, job.jobId, { intent: "transfer", chargeId: asked!.id, paidOn: "2032-05-10", reference: "TRF-S" }, NOW);
    expect(await recordChargeTransferRefund(db, ACTOR, job.jobId, asked!.id, { amountCents: 1_534, refundedOn: "2032-05-10", reference: "TRF-D", reason: "Ajuste de la señal" })).toMatchObject({ ok: true });
    await db.insert(workReports).values({ jobId: job.jobId, idempotencyKey: `parte-${job.jobId}`, content: { checklistKind: "caldera-gas", checklist: [], combustion: null, units: [], extras: [], notes: "" }, signature: "M 1 1 L 2 2", documentSha256: "a".repeat(64), signedAt: NOW });
    const final = await db.transaction((tx) => issueFinalInvoice(tx, job.jobId, NOW));
    // The job (217,80 €) minus the deposit kept (65,34 − 15,34 = 50,00 €).
    expect(final.totalCents).toBe(job.totalCents - 5_000);
    const [finalInvoice] = await db.select().from(invoices).where(eq(invoices.number, final.invoiceNumber));
    expect(finalInvoice!.lines.at(-1)!.description).toMatch(/^A deducir: anticipo facturado en F\d{4}-\d{6}, neto de sus rectificativas$/);
    const refused = await recordChargeTransferRefund(db, ACTOR, job.jobId, asked!.id, { amountCents: 100, refundedOn: "2032-05-10", reference: "TRF-X", reason: "Más" });
    expect(refused).toMatchObject({ ok: false, status: 409, message: "La factura final de este trabajo ya descuenta esta señal: lo que haya que devolver se devuelve del pago final." });
  });

  it("a deposit refunded while its invoice waited for the NIF is rectified when the invoice is issued", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW, nif: "" });
    const [asked] = await chargesOf(job.jobId);
    await jobChargeAction(db, OWNER, job.jobId, { intent: "transfer", chargeId: asked!.id, paidOn: "2032-05-10", reference: "TRF-S" }, NOW);
    expect(await invoicesOf(asked!.id)).toEqual([]);
    await cancelJob(db, OWNER, job.jobId, "Anulado por el cliente");
    expect(await recordChargeTransferRefund(db, ACTOR, job.jobId, asked!.id, { amountCents: 6_534, refundedOn: "2032-05-10", reference: "TRF-D", reason: "Trabajo cancelado" })).toMatchObject({ ok: true });
    expect(await db.select().from(invoices).where(and(eq(invoices.jobChargeId, asked!.id), isNotNull(invoices.rectifiesId)))).toEqual([]);
    expect((await jobChargeAction(db, OWNER, job.jobId, { intent: "invoice", chargeId: asked!.id, nif: "12345678Z" }, NOW)).ok).toBe(true);
    const [deposit, rectifying] = await invoicesOf(asked!.id);
    expect(deposit).toMatchObject({ series: "F", totalCents: 6_534 });
    expect(rectifying).toMatchObject({ series: "R", rectifiesId: deposit!.id, totalCents: -6_534 });
  });
});

describe("a second card payment of a paid charge", () => {
  it("is listed to review with a link to the job, and goes back through Redsys without a rectifying invoice (it was never invoiced)", async () => {
    const job = await insertAcceptedJob(db, { deposit: THIRTY, now: NOW });
    const [asked] = await chargesOf(job.jobId);
    // The customer opened the card payment in a tab, then paid by transfer; the tab's payment arrives after.
    const request = new Request(`https://tienda.example/presupuestos/${job.token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.22" },
      body: new URLSearchParams({ intent: "pagar", cargo: String(asked!.id), metodo: "tarjeta" }),
    });
    const code = new URL((await settle(() => pageAction(args(request, { token: job.token })))).location!, "https://tienda.example").searchParams.get("intento")!;
    await jobChargeAction(db, OWNER, job.jobId, { intent: "transfer", chargeId: asked!.id, paidOn: "2032-05-10", reference: "TRF-S" }, NOW);
    expect(await handleNotification(db, redsysConfig()!, notification({ code, amountCents: 6_534 }), NOW)).toMatchObject({ outcome: "a reembolsar" });
    const [duplicate] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.code, code));

    const listed = (await dashboard(db, NOW)).review.charges.find((row) => row.code === code);
    expect(listed).toMatchObject({ place: { noun: "trabajo", href: `/admin/trabajos/${job.jobId}#devoluciones` }, leftCents: 6_534 });
    const panel = (await page(job.jobId)).refunds[0]!;
    expect(panel.view).toMatchObject({ paidCents: 13_068, leftCents: 13_068, attempts: [{ id: duplicate!.id, flagged: true, leftCents: 6_534 }] });

    expect(await refundChargeThroughRedsys(db, ACTOR, job.jobId, asked!.id, { attemptId: duplicate!.id, amountCents: 6_534, reason: "Cobro duplicado" }, deps)).toMatchObject({ ok: true, state: "hecho" });
    expect((await invoicesOf(asked!.id)).map((invoice) => invoice.series)).toEqual(["F"]);
    expect((await dashboard(db, NOW)).review.charges.find((row) => row.code === code)).toBeUndefined();
  });
});
