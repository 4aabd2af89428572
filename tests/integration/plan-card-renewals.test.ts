import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renewalOn } from "~/domain/maintenance/plan-dates";
import { addDays } from "~/domain/dates/madrid-dates";
import { formatEuros } from "~/domain/money";
import { resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { maintenancePlans, planRenewals } from "~/server/maintenance/maintenance-schema.server";
import { renewalsTask } from "~/server/maintenance/plan-renewals.server";
import { unconfirmedChargeNotMade } from "~/server/maintenance/plan-card-charges.server";
import { payByTransfer } from "~/server/maintenance/plan-mandates.server";
import { plansForEmail } from "~/server/maintenance/my-plans.server";
import { cardCharges, paymentAttempts, storedCards } from "~/server/payments/payments-schema.server";
import { decodeParameters } from "~/server/payments/redsys-signature.server";
import { customerRecord } from "~/server/customers/customer-record.server";
import { linkUntiedRows } from "~/server/customers/customer-links.server";
import { setupTestDatabase } from "../db-utils";
import { cardOrderWithPlan, payThroughStandIn } from "../support/plan-card-orders";
import { enableTestRedsys } from "../support/redsys-notify";
import { startRedsysStandIn, type RedsysStandIn } from "../support/redsys-standin/index";
import { DEFAULT_MODE } from "../support/redsys-standin/state";
import { startTestShop, TEST_MERCHANT, type TestShop } from "../support/redsys-standin/test-shop";

/**
 * Issue 31: a plan renewed with the card Redsys keeps. The customer ticks the consent at
 * checkout; the first payment (through the Redsys stand-in, with the shop's own form) asks for
 * the card's reference; the notification keeps it and the plan renews "tarjeta"; 30 days before,
 * the notice names the card; on the renewal day the task charges it once (merchant-initiated,
 * checked by the stand-in), invoices and moves the plan a year on. A refusal, an expired card and
 * a charge without an answer each end in a transfer, never in a second charge.
 */
const ready = setupTestDatabase();
let redsys: RedsysStandIn;
let shop: TestShop;
const publicBaseUrl = process.env.PUBLIC_BASE_URL;

beforeAll(async () => {
  shop = await startTestShop();
  redsys = await startRedsysStandIn({ ...TEST_MERCHANT });
  enableTestRedsys({ REDSYS_URL: redsys.url, REDSYS_REST_URL: redsys.restUrl, PUBLIC_BASE_URL: shop.url });
});
afterAll(async () => {
  if (publicBaseUrl === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = publicBaseUrl;
  resetConfigForTests();
  await redsys?.close();
  await shop?.close();
});
beforeEach(() => {
  redsys.setMode(DEFAULT_MODE);
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

/** A plan sold and paid by card with the consent; its row. */
async function cardPlan(consent = true) {
  const { db } = await ready;
  const order = await cardOrderWithPlan(db, { consent });
  const paid = await payThroughStandIn(db, order, redsys, shop);
  expect(paid.outcome).toMatchObject({ ok: true, outcome: "pagado" });
  const [plan] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.orderId, order.id));
  return { plan: plan!, order, attempt: paid.attempt, form: paid.form };
}

async function mailsOf(planId: number) {
  const { db } = await ready;
  return (await db.select().from(outbox).where(eq(outbox.ref, `plan:${planId}`))).map((row) => row.payload as { to: string; subject: string; text: string; attachInvoice?: number });
}

async function renewalOf(planId: number) {
  const { db } = await ready;
  const [renewal] = await db.select().from(planRenewals).where(eq(planRenewals.planId, planId));
  return renewal!;
}

const charges = () => redsys.log().filter((entry) => entry.kind === "charge");
/** Every charge the stand-in received, by its Redsys order code: each must have come once. */
function expectEachSentOnce() {
  const codes = charges().map((entry) => entry.order);
  expect(new Set(codes).size).toBe(codes.length);
}
/** The stand-in's record of this renewal's charge (its code is on card_charges). */
async function chargesOfRenewal(renewalId: number) {
  const { db } = await ready;
  const [renewal] = await db.select().from(planRenewals).where(eq(planRenewals.id, renewalId));
  if (!renewal?.cardChargeId) return [];
  const [charge] = await db.select().from(cardCharges).where(eq(cardCharges.id, renewal.cardChargeId));
  return charges().filter((entry) => entry.order === charge!.code);
}
/** 08:00 in Madrid on that day. */
const morning = (day: string) => new Date(`${day}T07:00:00Z`);

describe("the card kept at checkout", () => {
  it("asks Redsys for a reference, keeps it away from the notification's record, and the plan renews with it", async () => {
    const { db } = await ready;
    const { plan, attempt, form } = await cardPlan();
    expect(decodeParameters(form.fields.Ds_MerchantParameters)).toMatchObject({ DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "S", DS_MERCHANT_COF_TYPE: "R" });
    const [card] = await db.select().from(storedCards).where(eq(storedCards.id, plan.storedCardId!));
    expect(card).toMatchObject({ expiry: "2049-12", last4: "0004", brand: "Visa", forgottenAt: null });
    expect(card!.identifier).toMatch(/^[0-9a-f]{40}$/);
    expect(plan).toMatchObject({ renewalMethod: "tarjeta", state: "activo" });
    // The attempt's stored notification has no reference and no network id: only stored_cards has them.
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
    expect(JSON.stringify(row!.notification)).not.toContain(card!.identifier);
    expect(JSON.stringify(row!.notification)).not.toContain(card!.cofTxnId);
    const started = (await mailsOf(plan.id)).find((mail) => /está activo/.test(mail.subject));
    expect(started?.text).toContain("cargo en su Visa terminada en 0004, guardada por Redsys");
    const [mine] = (await plansForEmail(db, plan.customerEmail)).filter((one) => one.id === plan.id);
    expect(mine!.payment.card).toEqual({ label: "Visa terminada en 0004", expiry: "12/2049" });
  });

  it("without the consent the card is not kept and the plan renews by transfer", async () => {
    const { db } = await ready;
    const { plan, order, form } = await cardPlan(false);
    expect(decodeParameters(form.fields.Ds_MerchantParameters)).not.toHaveProperty("DS_MERCHANT_IDENTIFIER");
    expect(plan).toMatchObject({ renewalMethod: "transferencia", storedCardId: null });
    expect(await db.select().from(storedCards).where(eq(storedCards.orderId, order.id))).toEqual([]);
  });
});

describe("the renewal charged to the kept card", () => {
  it("30 days before, the notice names the card; on the day, one merchant-initiated charge, the invoice, a year on; never charged twice", async () => {
    const { db } = await ready;
    const { plan } = await cardPlan();
    await renewalsTask(db, morning(addDays(plan.renewsOn, -30)));
    const notice = (await mailsOf(plan.id)).find((mail) => /se renueva/.test(mail.subject));
    expect(notice?.text).toContain(`Cargaremos ${formatEuros(8500)} en su Visa terminada en 0004 el`);
    expect((await renewalOf(plan.id)).method).toBe("tarjeta");

    await renewalsTask(db, morning(plan.renewsOn));
    await renewalsTask(db, new Date(morning(plan.renewsOn).getTime() + 5 * 60_000));
    const made = await chargesOfRenewal((await renewalOf(plan.id)).id);
    expect(made).toHaveLength(1);
    expectEachSentOnce();
    expect(made[0]).toMatchObject({ amount: 8500, code: "0000", method: "tarjeta" });

    const renewal = await renewalOf(plan.id);
    expect(renewal).toMatchObject({ state: "pagada", paidRecordedBy: "Redsys", method: "tarjeta" });
    const [charge] = await db.select().from(cardCharges).where(eq(cardCharges.id, renewal.cardChargeId!));
    expect(charge).toMatchObject({ state: "autorizado", code: made[0]!.order, amountCents: 8500 });
    expect(renewal.bankReference).toBe(charge!.authorisationCode);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.planRenewalId, renewal.id));
    expect(invoice).toMatchObject({ totalCents: 8500, payMethod: "Tarjeta (cargo de la renovación)" });
    const [after] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan.id));
    expect(after).toMatchObject({ state: "activo", renewsOn: renewalOn(plan.renewsOn, 1) });
    expect((await mailsOf(plan.id)).some((mail) => mail.attachInvoice === invoice!.id)).toBe(true);
    // The customer record lists the renewal's invoice with the order's.
    await linkUntiedRows(db);
    const [tied] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan.id));
    const record = await customerRecord(db, tied!.customerId!);
    expect(record?.invoices.map((row) => row.number)).toContain(invoice!.number);
  });

  it("refused by the issuer: the renewal turns to a transfer, the customer is told why and how; no second try", async () => {
    const { db } = await ready;
    const { plan } = await cardPlan();
    await renewalsTask(db, morning(addDays(plan.renewsOn, -30)));
    redsys.setMode({ charge: "insufficient" });
    await renewalsTask(db, morning(plan.renewsOn));
    await renewalsTask(db, morning(addDays(plan.renewsOn, 1)));
    expect(await chargesOfRenewal((await renewalOf(plan.id)).id)).toHaveLength(1);
    expectEachSentOnce();
    const renewal = await renewalOf(plan.id);
    expect(renewal).toMatchObject({ state: "pendiente", method: "transferencia" });
    const [charge] = await db.select().from(cardCharges).where(eq(cardCharges.id, renewal.cardChargeId!));
    expect(charge).toMatchObject({ state: "denegado", responseCode: "0116" });
    const refused = (await mailsOf(plan.id)).find((mail) => /no se ha podido cobrar/.test(mail.subject));
    expect(refused?.text).toMatch(/Visa terminada en 0004\. Motivo: .*\(código 0116\)/);
    expect(refused?.text).toContain(`Plan ${plan.id} ${renewal.renewsOn.slice(0, 4)}`);
    const [after] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan.id));
    expect(after!.state).toBe("pendiente_pago");
  });

  it("a card that expires before the renewal: the notice asks for a transfer and nothing is charged", async () => {
    const { db } = await ready;
    const { plan } = await cardPlan();
    const expiry = addDays(plan.renewsOn, -40).slice(0, 7);
    await db.update(storedCards).set({ expiry }).where(eq(storedCards.id, plan.storedCardId!));
    await renewalsTask(db, morning(addDays(plan.renewsOn, -30)));
    const notice = (await mailsOf(plan.id)).find((mail) => /se renueva/.test(mail.subject));
    expect(notice?.text).toContain("Su Visa terminada en 0004 no se podrá usar el día de la renovación");
    expect(notice?.text).toContain("Cómo pagar: transferencia bancaria");
    await renewalsTask(db, morning(plan.renewsOn));
    expect(await renewalOf(plan.id)).toMatchObject({ method: "transferencia", cardChargeId: null, state: "pendiente" });
  });

  it("no reliable answer: the owner is told to look in Redsys's portal, it is never sent again, and «No se cobró» asks the customer for a transfer", async () => {
    const { db } = await ready;
    const { plan } = await cardPlan();
    await renewalsTask(db, morning(addDays(plan.renewsOn, -30)));
    let calls = 0;
    const silent = { fetchImpl: (async () => {
      calls += 1;
      throw new Error("socket hang up");
    }) as typeof fetch };
    await renewalsTask(db, morning(plan.renewsOn), silent);
    await renewalsTask(db, morning(addDays(plan.renewsOn, 1)), silent);
    expect(calls).toBe(1);
    const renewal = await renewalOf(plan.id);
    const [charge] = await db.select().from(cardCharges).where(eq(cardCharges.id, renewal.cardChargeId!));
    expect(charge!.state).toBe("sin confirmar");
    const owner = (await mailsOf(plan.id)).find((mail) => /cargo sin confirmar/.test(mail.subject));
    expect(owner?.text).toContain(`código de pedido ${charge!.code}`);

    const done = await unconfirmedChargeNotMade(db, { email: "duena@termoclima.test" }, renewal.id);
    expect(done).toMatchObject({ ok: true });
    expect(await renewalOf(plan.id)).toMatchObject({ method: "transferencia", state: "pendiente" });
    expect((await mailsOf(plan.id)).some((mail) => /no se ha podido cobrar/.test(mail.subject) && /el cargo no llegó a hacerse/.test(mail.text))).toBe(true);
    expect(await unconfirmedChargeNotMade(db, { email: "duena@termoclima.test" }, renewal.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("the customer goes back to transfers in Mis equipos: the card is forgotten and the waiting renewal follows", async () => {
    const { db } = await ready;
    const { plan } = await cardPlan();
    await renewalsTask(db, morning(addDays(plan.renewsOn, -30)));
    const result = await payByTransfer(db, plan.customerEmail, plan.id);
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining("No cargaremos nada más en su tarjeta") });
    const [card] = await db.select().from(storedCards).where(eq(storedCards.id, plan.storedCardId!));
    expect(card!.forgottenAt).not.toBeNull();
    const [after] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan.id));
    expect(after).toMatchObject({ renewalMethod: "transferencia", storedCardId: null });
    expect((await renewalOf(plan.id)).method).toBe("transferencia");
    await renewalsTask(db, morning(plan.renewsOn));
    expect(await renewalOf(plan.id)).toMatchObject({ method: "transferencia", cardChargeId: null });
  });
});
