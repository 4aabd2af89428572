import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { storedCardFrom, type StoredCard } from "~/domain/payments/stored-card";
import { resetConfigForTests, type RedsysConfig } from "~/server/config.server";
import { signedPaymentForm } from "~/server/payments/attempts.server";
import { verifyMessage } from "~/server/payments/redsys-signature.server";
import { chargeStoredCard } from "~/server/payments/redsys-stored-card.server";
import { requestRefund } from "~/server/payments/redsys-rest.server";
import { startRedsysStandIn, type RedsysStandIn } from "../support/redsys-standin/index";
import { parseSandboxFlags } from "../support/redsys-standin/mode";
import { DEFAULT_MODE } from "../support/redsys-standin/state";
import { decisionPath, newOrderCode, paymentParameters, postForm, postJson, signedByShop, startTestShop, TEST_MERCHANT, type TestShop } from "../support/redsys-standin/test-shop";

/*
 * Stored cards end to end against the stand-in (issue 31), with the shop's own modules: the
 * first payment's form with storeCard, the card read from the signed notification, then
 * merchant-initiated charges over REST, authorised or denied as the mode says; and the
 * stand-in refusing what Redsys would refuse.
 */

let redsys: RedsysStandIn;
let shop: TestShop;
let cfg: RedsysConfig;
const publicBaseUrl = process.env.PUBLIC_BASE_URL;

beforeAll(async () => {
  shop = await startTestShop();
  redsys = await startRedsysStandIn({ ...TEST_MERCHANT });
  cfg = { ...TEST_MERCHANT, url: redsys.url, restUrl: redsys.restUrl, windowMinutes: 30 };
  // The form's notification address is the shop's public address: here, the tiny test shop.
  process.env.PUBLIC_BASE_URL = shop.url;
  resetConfigForTests();
});
afterAll(async () => {
  if (publicBaseUrl === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = publicBaseUrl;
  resetConfigForTests();
  await redsys.close();
  await shop.close();
});
beforeEach(() => {
  redsys.setMode(DEFAULT_MODE);
  shop.notifications.length = 0;
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

/** A first payment made by the shop's form, decided on the payment page; the notification's verified parameters. */
async function firstPayment(decision: "pagar" | "denegar" = "pagar", storeCard = true): Promise<Record<string, string>> {
  const attempt = { code: newOrderCode(), amountCents: 14520, method: "tarjeta" as const };
  const form = signedPaymentForm(cfg, attempt, { returnPath: "/plan/vuelta", description: "Plan de mantenimiento PM-0007", merchantData: "PM-0007" }, { storeCard });
  const html = await (await postForm(form.action, { ...form.fields })).text();
  expect((await postForm(new URL(decisionPath(html), redsys.url).toString(), { decision })).status).toBe(303);
  const verified = verifyMessage(cfg.secretKey, shop.notifications.at(-1) ?? {});
  if (!verified.ok) throw new Error(`notificación no verificada: ${verified.reason}`);
  expect(verified.order).toBe(attempt.code);
  return verified.parameters;
}

async function storedCard(): Promise<StoredCard> {
  const card = storedCardFrom(await firstPayment());
  if (!card) throw new Error("la notificación no trae una tarjeta guardada");
  return card;
}

const renewal = (card: StoredCard, amountCents = 9900) => ({ code: newOrderCode(), amountCents, identifier: card.identifier, cofTxnId: card.cofTxnId, description: "Renovación PM-0007" });

describe("a first payment that keeps the card", () => {
  it("brings the reference, the expiry, the network's transaction id and a masked number, never the card number", async () => {
    const parameters = await firstPayment();
    expect(parameters).toMatchObject({ Ds_Response: "0000", Ds_ExpiryDate: "4912", Ds_Card_Number: "454881******0004" });
    expect(storedCardFrom(parameters)).toEqual({
      identifier: expect.stringMatching(/^[0-9a-f]{40}$/),
      cofTxnId: expect.stringMatching(/^\d{15}$/),
      expiry: "2049-12",
      maskedCard: { last4: "0004", brand: "Visa" },
    });
    expect(JSON.stringify(parameters)).not.toContain("4548812049400004");
  });

  it("keeps nothing when the payment is denied, nor when the form did not ask", async () => {
    expect(storedCardFrom(await firstPayment("denegar"))).toBeNull();
    expect(await firstPayment("denegar")).not.toHaveProperty("Ds_Merchant_Identifier");
    const plain = await firstPayment("pagar", false);
    expect(plain.Ds_Response).toBe("0000");
    expect(plain).not.toHaveProperty("Ds_Merchant_Identifier");
  });

  it.each([
    ["COF parameters without a reference request", { DS_MERCHANT_COF_INI: "S", DS_MERCHANT_COF_TYPE: "R" }, "SIS0186"],
    ["REQUIRED with COF_INI N", { DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "N", DS_MERCHANT_COF_TYPE: "R" }, "SIS0186"],
    ["REQUIRED without COF_TYPE", { DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "S" }, "SIS0186"],
    ["an unknown COF_TYPE", { DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "S", DS_MERCHANT_COF_TYPE: "Q" }, "SIS0802"],
    ["REQUIRED with Bizum", { DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "S", DS_MERCHANT_COF_TYPE: "R", DS_MERCHANT_PAYMETHODS: "z" }, "SIS0274"],
  ])("the payment page refuses %s (%s)", async (_, changes, code) => {
    const parameters = paymentParameters(shop.url, changes);
    const html = await (await postForm(redsys.url, signedByShop(parameters))).text();
    expect(html).toContain(`<strong>${code}</strong>`);
    expect(redsys.log().at(-1)).toMatchObject({ kind: "payment-error", order: parameters.DS_MERCHANT_ORDER, code });
  });
});

describe("charging the stored card without the customer", () => {
  it("is authorised, logged as a charge, and can be refunded like any payment", async () => {
    const card = await storedCard();
    const charge = renewal(card);
    const outcome = await chargeStoredCard(cfg, charge);
    expect(outcome).toMatchObject({ kind: "done", code: "0000", meaning: "Operación autorizada", authorisationCode: expect.stringMatching(/^\d{6}$/) });
    expect(redsys.log().at(-1)).toMatchObject({ kind: "charge", order: charge.code, amount: 9900, method: "tarjeta", code: "0000" });
    expect(await requestRefund(cfg, { code: charge.code, amountCents: 9900 })).toMatchObject({ kind: "done", code: "0900" });
    // The same card again next year: a new order code, the same reference and transaction id.
    expect(await chargeStoredCard(cfg, renewal(card, 10400))).toMatchObject({ kind: "done" });
  });

  it.each([
    ["insufficient", "0116", "Disponible insuficiente"],
    ["expired", "0101", "Tarjeta caducada"],
    ["deny", "0190", "Denegación del emisor sin especificar motivo"],
  ] as const)("mode %s, set over the control API: refused %s with its meaning, nothing to refund", async (charge, code, meaning) => {
    const card = await storedCard();
    expect((await postJson(new URL("/control/mode", redsys.baseUrl).toString(), { charge })).status).toBe(200);
    const attempt = renewal(card);
    expect(await chargeStoredCard(cfg, attempt)).toMatchObject({ kind: "refused", code, meaning });
    expect(redsys.log().at(-1)).toMatchObject({ kind: "charge", order: attempt.code, code });
    expect(await requestRefund(cfg, { code: attempt.code, amountCents: attempt.amountCents })).toMatchObject({ kind: "refused", code: "SIS0056" });
  });

  it("a reference Redsys never gave: refused by Redsys (SIS0466), nothing charged", async () => {
    const outcome = await chargeStoredCard(cfg, { ...renewal(await storedCard()), identifier: "f".repeat(40) });
    expect(outcome).toEqual({ kind: "refused", code: "SIS0466", meaning: "Error de Redsys SIS0466" });
  });

  it("an order code used before: SIS0051", async () => {
    const card = await storedCard();
    const charge = renewal(card);
    expect((await chargeStoredCard(cfg, charge)).kind).toBe("done");
    expect(await chargeStoredCard(cfg, { ...charge, amountCents: 100 })).toMatchObject({ kind: "refused", code: "SIS0051" });
  });
});

describe("the stand-in's checks of a charge", () => {
  const chargeParameters = (card: StoredCard, changes: Record<string, string | undefined> = {}) =>
    Object.fromEntries(
      Object.entries({
        DS_MERCHANT_AMOUNT: "9900",
        DS_MERCHANT_ORDER: newOrderCode(),
        DS_MERCHANT_MERCHANTCODE: TEST_MERCHANT.merchantCode,
        DS_MERCHANT_CURRENCY: "978",
        DS_MERCHANT_TRANSACTIONTYPE: "0",
        DS_MERCHANT_TERMINAL: TEST_MERCHANT.terminal,
        DS_MERCHANT_IDENTIFIER: card.identifier,
        DS_MERCHANT_COF_INI: "N",
        DS_MERCHANT_COF_TYPE: "R",
        DS_MERCHANT_COF_TXNID: card.cofTxnId,
        DS_MERCHANT_EXCEP_SCA: "MIT",
        DS_MERCHANT_DIRECTPAYMENT: "true",
        ...changes,
      }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  const send = async (parameters: Record<string, string>) => (await postJson(redsys.restUrl, signedByShop(parameters))).json();

  it("answers the shop's parameters with a signed 0000", async () => {
    const answer = (await send(chargeParameters(await storedCard()))) as Record<string, string>;
    const verified = verifyMessage(TEST_MERCHANT.secretKey, answer);
    expect(verified.ok && verified.parameters).toMatchObject({ Ds_Response: "0000", Ds_TransactionType: "0", Ds_Amount: "9900" });
  });

  it.each([
    ["another card's transaction id", { DS_MERCHANT_COF_TXNID: "123456789012345" }, "SIS0296"],
    ["no transaction id", { DS_MERCHANT_COF_TXNID: undefined }, "SIS0617"],
    ["COF_INI S", { DS_MERCHANT_COF_INI: "S" }, "SIS0186"],
    ["no COF_TYPE", { DS_MERCHANT_COF_TYPE: undefined }, "SIS0186"],
    ["an unknown COF_TYPE", { DS_MERCHANT_COF_TYPE: "Q" }, "SIS0802"],
    ["no exemption", { DS_MERCHANT_EXCEP_SCA: undefined }, "SIS0651"],
    ["another exemption", { DS_MERCHANT_EXCEP_SCA: "LWV" }, "SIS0651"],
    ["an unknown exemption", { DS_MERCHANT_EXCEP_SCA: "XYZ" }, "SIS0616"],
    ["no direct payment", { DS_MERCHANT_DIRECTPAYMENT: undefined }, "SIS0651"],
    ["a request for a new reference", { DS_MERCHANT_IDENTIFIER: "REQUIRED" }, "SIS0186"],
    ["a reference longer than 40", { DS_MERCHANT_IDENTIFIER: "a".repeat(41) }, "SIS0541"],
    ["a zero amount", { DS_MERCHANT_AMOUNT: "0" }, "SIS0019"],
  ])("refuses %s (%s), logged as a charge", async (_, changes, code) => {
    const parameters = chargeParameters(await storedCard(), changes);
    expect(await send(parameters)).toEqual({ errorCode: code });
    expect(redsys.log().at(-1)).toMatchObject({ kind: "charge", order: parameters.DS_MERCHANT_ORDER, code });
  });

  it("a type-0 request without a reference is still no operation of the REST entry (SIS0023)", async () => {
    expect(await send(chargeParameters(await storedCard(), { DS_MERCHANT_IDENTIFIER: undefined }))).toEqual({ errorCode: "SIS0023" });
  });
});

describe("the charge mode's controls", () => {
  it("the control page offers it", async () => {
    redsys.setMode({ charge: "expired" });
    const page = await (await fetch(new URL("/control", redsys.baseUrl))).text();
    expect(page).toContain('<select id="charge" name="charge">');
    expect(page).toContain('<option value="expired" selected>Tarjeta caducada (0101)</option>');
  });


  it("the sandbox's flag reads Spanish words, and refuses others with the usage", () => {
    expect(parseSandboxFlags(["--cobro=saldo", "--reembolso=denegar"])).toEqual({ charge: "insufficient", refund: "deny" });
    expect(parseSandboxFlags(["--cobro=caducada"])).toEqual({ charge: "expired" });
    for (const flag of ["--cobro=quizas", "--cobro=saldo:3", "--cobro=constructor"]) expect(() => parseSandboxFlags([flag])).toThrow(/Uso: npm run redsys:sandbox/);
  });
});
