import { and, desc, eq, ne, sql } from "drizzle-orm";
import { formatDateTime, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { chargeWords, type JobChargeKind, type JobChargeState } from "~/domain/jobs/job-charges";
import { formatIban } from "~/domain/payments/iban";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import type { AttemptState, OnlineMethod } from "~/domain/payments/payment-states";
import { config, redsysConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { invoiceAnnulments, invoices } from "../invoices/invoices-schema.server";
import { paymentAttempts, refunds } from "../payments/payments-schema.server";
import { quotes } from "../quotes/quotes-schema.server";
import { jobCharges, jobs, workReports } from "./jobs-schema.server";
import { createAttemptFor, signedPaymentForm, type Attempt } from "../payments/attempts.server";
import { chargeContext, jobPageOf } from "./job-charges.server";
import { jobPagePath, jobPageWords, type JobPage } from "~/domain/jobs/job-page";
import { acceptedTerms } from "./job-invoices.server";
import { unitsWanted } from "./job-units.server";
import { lockCharge } from "./job-payments.server";
import { isLinkToken } from "../link-tokens.server";

/*
 * The customer's side of a job's money (issue 17), on the job's page: the quote's
 * /presupuestos/:token, or a repair's /averias/:token (issue 31): what is owed and paid, the
 * invoices, and paying by card or Bizum (Redsys, when configured) or by transfer. Paying online
 * is a POST that makes an attempt (payment_attempts.charge_id) under the job's row lock and goes
 * to <page>/pago?intento=<code>, the signed form; Redsys sends the customer back to
 * …/pago/vuelta, which reads the stored attempt. The page's kind and token are the key: a charge
 * of another page is not found.
 */

/** Which page a request is on: its kind (from the address) and its token. */
export type PageKey = Pick<JobPage, "kind" | "token">;

/** The page of a request to /presupuestos/:token/… or /averias/:token/…; null for a token that cannot be one. */
export function pageKeyOf(request: Request, token: string | undefined): PageKey | null {
  if (!isLinkToken(token)) return null;
  return { kind: new URL(request.url).pathname.startsWith("/averias/") ? "averia" : "presupuesto", token };
}

type Executor = Pick<Database, "select">;

export type ChargeView = {
  id: number;
  kind: JobChargeKind;
  label: string;
  paidWord: string;
  amountCents: number;
  state: JobChargeState;
  /** "dd/mm/aaaa" (Madrid) of a pending deposit's window end. */
  dueOn: string | null;
  paidOn: string | null;
  payMethod: string | null;
  invoiceNumber: string | null;
  /** Given back of it (refunds done, issue 31). */
  refundedCents: number;
};

export type LastAttempt = { state: AttemptState; meaning: string | null; at: string; method: string };

export type QuoteMoney = {
  charges: ChargeView[];
  /** The charge to pay now (the deposit, or the final balance), if any. */
  due: (ChargeView & { last: LastAttempt | null; released: boolean }) | null;
  online: boolean;
  transfer: { holder: string; iban: string; concept: string };
  /** Every invoice of the job (deposit, final, rectifying), for the download links. */
  invoices: { number: string; label: string; totalCents: number; issuedOn: string }[];
  /** The technician's report is signed: its PDF is at /presupuestos/<clave>/parte.pdf. */
  reportSigned: boolean;
};

export const payPagePath = (page: PageKey, code: string) => `${jobPagePath(page)}/pago?intento=${encodeURIComponent(code)}`;
export const payReturnPath = (page: PageKey, code: string) => `${jobPagePath(page)}/pago/vuelta?intento=${encodeURIComponent(code)}`;

/** The money of the quote's job, or null when the quote has no job (not accepted yet). */
export async function quoteMoney(db: Executor, quoteId: number, quoteNumber: string, now = new Date()): Promise<QuoteMoney | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.quoteId, quoteId));
  return job ? jobMoney(db, job, quoteNumber, now) : null;
}

/** The money of a job; `concept` is what a transfer says (its page's reference). */
export async function jobMoney(db: Executor, job: typeof jobs.$inferSelect, concept: string, now = new Date()): Promise<QuoteMoney> {
  const charges = await db.select().from(jobCharges).where(and(eq(jobCharges.jobId, job.id), ne(jobCharges.state, "anulado"))).orderBy(jobCharges.id);
  const issued = await db
    .select({ number: invoices.number, series: invoices.series, chargeId: invoices.jobChargeId, totalCents: invoices.totalCents, issuedOn: invoices.issuedOn, annulled: invoiceAnnulments.reason })
    .from(invoices)
    .innerJoin(jobCharges, eq(jobCharges.id, invoices.jobChargeId))
    .leftJoin(invoiceAnnulments, eq(invoiceAnnulments.invoiceId, invoices.id))
    .where(eq(jobCharges.jobId, job.id))
    .orderBy(invoices.id);
  const given = await db
    .select({ chargeId: refunds.jobChargeId, cents: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .innerJoin(jobCharges, eq(jobCharges.id, refunds.jobChargeId))
    .where(and(eq(jobCharges.jobId, job.id), eq(refunds.state, "hecho")))
    .groupBy(refunds.jobChargeId);
  const views: ChargeView[] = charges.map((charge) => ({
    id: charge.id,
    kind: charge.kind,
    label: chargeWords(charge.kind, job.kind).label,
    paidWord: chargeWords(charge.kind, job.kind).paid,
    amountCents: charge.amountCents,
    state: charge.state,
    dueOn: charge.dueAt && charge.state === "pendiente" ? formatYmd(madridDay(charge.dueAt)) : null,
    paidOn: charge.paidAt ? formatYmd(madridDay(charge.paidAt)) : null,
    payMethod: charge.payMethod ? payMethodLabel(charge.payMethod) : null,
    invoiceNumber: issued.find((invoice) => invoice.chargeId === charge.id && invoice.series === "F" && !invoice.annulled)?.number ?? null,
    refundedCents: Number(given.find((row) => row.chargeId === charge.id)?.cents ?? 0),
  }));
  const pending = job.status === "cancelado" ? undefined : views.find((view) => view.state === "pendiente");
  let due: QuoteMoney["due"] = null;
  if (pending) {
    const [last] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.chargeId, pending.id)).orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id)).limit(1);
    const charge = charges.find((c) => c.id === pending.id)!;
    due = {
      ...pending,
      last: last ? { state: last.state, meaning: last.responseMeaning, at: formatDateTime(last.createdAt), method: payMethodLabel(last.method) } : null,
      // The window closed and the units went back (a job with no catalogue units has none to release).
      released: pending.kind === "senal" && job.quoteId !== null && charge.dueAt !== null && charge.dueAt < now && job.heldUnits.length === 0 && unitsWanted((await acceptedTerms(db, job)).alternative).length > 0,
    };
  }
  const [report] = await db.select({ id: workReports.id }).from(workReports).where(eq(workReports.jobId, job.id)).limit(1);
  const c = config();
  return {
    reportSigned: Boolean(report),
    charges: views,
    due,
    online: redsysConfig() !== null,
    transfer: { holder: c.BANK_ACCOUNT_HOLDER, iban: formatIban(c.BANK_IBAN), concept },
    invoices: issued.map((invoice) => ({
      number: invoice.number,
      label: `${invoice.series === "R" ? "Factura rectificativa" : "Factura"} ${invoice.number}${invoice.annulled ? " (anulada)" : ""}`,
      totalCents: invoice.totalCents,
      issuedOn: formatYmd(invoice.issuedOn),
    })),
  };
}

export type StartPaymentResult = { ok: true; redirect: string } | { ok: false; status: 404 | 409; message: string };

export const ONLINE_UNAVAILABLE = "El pago con tarjeta o Bizum no está disponible en este momento: puede pagar por transferencia con los datos de esta página.";
export const NOTHING_DUE = "Este importe ya no está pendiente de pago. Recargue la página para ver lo que queda por pagar.";

/** A new Redsys attempt for the page's pending charge `chargeId`, under the job's row lock. */
export async function startChargePayment(db: Database, page: PageKey, chargeId: number, method: OnlineMethod, now = new Date()): Promise<StartPaymentResult> {
  if (!redsysConfig()) return { ok: false, status: 409, message: ONLINE_UNAVAILABLE };
  return db.transaction(async (tx): Promise<StartPaymentResult> => {
    const locked = await lockCharge(tx, chargeId);
    const context = locked ? await chargeContext(tx, chargeId) : null;
    if (!context || !samePage(context.page, page)) return { ok: false, status: 404, message: "No encontramos este pago." };
    if (context.charge.state !== "pendiente" || context.job.status === "cancelado") return { ok: false, status: 409, message: NOTHING_DUE };
    const attempt = await createAttemptFor(tx, { chargeId }, context.charge.amountCents, method, now);
    return { ok: true, redirect: payPagePath(page, attempt.code) };
  });
}

/** The job whose page is `key`, or null: an accepted quote's, or a repair's. */
export async function jobOfPage(db: Executor, key: PageKey): Promise<typeof jobs.$inferSelect | null> {
  const [row] =
    key.kind === "presupuesto"
      ? await db.select({ job: jobs }).from(jobs).innerJoin(quotes, eq(quotes.id, jobs.quoteId)).where(eq(quotes.token, key.token)).limit(1)
      : await db.select({ job: jobs }).from(jobs).where(and(eq(jobs.kind, "reparacion"), sql`${jobs.repair}->>'token' = ${key.token}`)).limit(1);
  return row?.job ?? null;
}

function samePage(page: PageKey, key: PageKey): boolean {
  return page.kind === key.kind && page.token === key.token;
}

export type ChargeAttempt = { attempt: Attempt; chargeState: JobChargeState; kind: JobChargeKind; words: ReturnType<typeof chargeWords>; reference: string; jobStatus: string };

/** The attempt `code` of a charge of the job on page `key`, or null. */
export async function findChargeAttempt(db: Executor, key: PageKey, code: string): Promise<ChargeAttempt | null> {
  const [row] = await db
    .select({ attempt: paymentAttempts, chargeState: jobCharges.state, kind: jobCharges.kind, job: { repair: jobs.repair, status: jobs.status, kind: jobs.kind }, quote: { number: quotes.number, token: quotes.token } })
    .from(paymentAttempts)
    .innerJoin(jobCharges, eq(jobCharges.id, paymentAttempts.chargeId))
    .innerJoin(jobs, eq(jobs.id, jobCharges.jobId))
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(paymentAttempts.code, code))
    .limit(1);
  const page = row ? jobPageOf(row.job, row.quote) : null;
  if (!row || !page || !samePage(page, key)) return null;
  return { attempt: row.attempt, chargeState: row.chargeState, kind: row.kind, words: chargeWords(row.kind, row.job.kind), reference: page.reference, jobStatus: row.job.status };
}

/** The id of the invoice `number` of the job on page `key`, or null (another job's invoice is not found). */
export async function jobInvoiceId(db: Executor, key: PageKey, number: string): Promise<number | null> {
  const [row] = await db
    .select({ id: invoices.id, job: { repair: jobs.repair }, quote: { number: quotes.number, token: quotes.token } })
    .from(invoices)
    .innerJoin(jobCharges, eq(jobCharges.id, invoices.jobChargeId))
    .innerJoin(jobs, eq(jobs.id, jobCharges.jobId))
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(invoices.number, number))
    .limit(1);
  const page = row ? jobPageOf(row.job, row.quote) : null;
  return row && page && samePage(page, key) ? row.id : null;
}

/** <page>/pago?intento=: the signed form of a pending attempt, or where to go instead. */
export async function chargePaymentForm(db: Executor, key: PageKey, code: string) {
  const found = await findChargeAttempt(db, key, code);
  if (!found) return null;
  const redsys = redsysConfig();
  if (!redsys || found.attempt.state !== "pendiente" || found.chargeState !== "pendiente") return { ready: false, redirect: payReturnPath(key, code) } as const;
  const what = found.words.label;
  const words = jobPageWords({ kind: key.kind, reference: found.reference });
  const form = signedPaymentForm(redsys, found.attempt, { returnPath: payReturnPath(key, code), description: `${what} ${words.of}`, merchantData: found.reference });
  return { ready: true, what, lead: words.lead, noun: words.noun, reference: found.reference, code, method: found.attempt.method, amountCents: found.attempt.amountCents, form } as const;
}
