import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeRedsys, signedAnswer, silentFetch } from "../../../tests/support/fake-redsys-rest";
import type { RedsysConfig } from "../config.server";
import { log } from "../log.server";
import { signedPaymentForm } from "./attempts.server";
import { chargeStoredCard } from "./redsys-stored-card.server";
import { decodeParameters, verify } from "./redsys-signature.server";

/*
 * Stored cards (issue 31) against a fake Redsys: the first payment's form asks Redsys to keep
 * the card, and a renewal is a merchant-initiated charge over REST whose answer is believed
 * only when verified and about what we asked.
 */
const KEY = "sq7HjrUOBfKmC576ILgskD5srU870gJ7";
const OTHER_KEY = "Mk9m98IfEblmPfrpsawt7BmxObt98Jev";
const cfg: RedsysConfig = {
  merchantCode: "999008881",
  terminal: "1",
  secretKey: KEY,
  url: "http://127.0.0.1:1/sis/realizarPago",
  restUrl: "http://127.0.0.1:1/sis/rest/trataPeticionREST",
  windowMinutes: 30,
};
const IDENTIFIER = "8e2f4a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f";
const CHARGE = { code: "5678QwErTyUi", amountCents: 9900, identifier: IDENTIFIER, cofTxnId: "2205022148020", description: "Renovación del plan de mantenimiento PM-0007" };

const answerFor = (parameters: Record<string, string>, extra: Record<string, string> = {}) => ({
  Ds_Amount: parameters.DS_MERCHANT_AMOUNT!,
  Ds_Currency: "978",
  Ds_Order: parameters.DS_MERCHANT_ORDER!,
  Ds_MerchantCode: cfg.merchantCode,
  Ds_Terminal: "1",
  Ds_Response: "0000",
  Ds_AuthorisationCode: "654321",
  Ds_TransactionType: "0",
  Ds_Merchant_Identifier: IDENTIFIER,
  ...extra,
});
const answered = (extra: Record<string, string> = {}, key = KEY) => fakeRedsys((p) => signedAnswer(key, answerFor(p, extra)));

afterEach(() => vi.restoreAllMocks());

describe("the first payment's form", () => {
  const attempt = { code: "1234AbCdEfGh", amountCents: 14520, method: "tarjeta" as const };
  const purpose = { returnPath: "/plan/pago/vuelta", description: "Plan de mantenimiento PM-0007", merchantData: "PM-0007" };
  const parametersOf = (form: ReturnType<typeof signedPaymentForm>) => decodeParameters(form.fields.Ds_MerchantParameters)!;

  it("asks Redsys to keep the card for recurring charges only when told to, signed as every form", () => {
    const stored = signedPaymentForm(cfg, attempt, purpose, { storeCard: true });
    expect(parametersOf(stored)).toMatchObject({ DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "S", DS_MERCHANT_COF_TYPE: "R", DS_MERCHANT_TRANSACTIONTYPE: "0" });
    expect(verify(KEY, attempt.code, stored.fields.Ds_MerchantParameters, stored.fields.Ds_Signature)).toBe(true);

    const plain = parametersOf(signedPaymentForm(cfg, attempt, purpose));
    expect(Object.keys(plain).filter((name) => /IDENTIFIER|COF/.test(name))).toEqual([]);
    expect(parametersOf(signedPaymentForm(cfg, attempt, purpose, { storeCard: false }))).toEqual(plain);
  });

  it("refuses to keep a Bizum payment: only a card can be stored", () => {
    expect(() => signedPaymentForm(cfg, { ...attempt, method: "bizum" }, purpose, { storeCard: true })).toThrow(/Bizum/);
  });
});

describe("the merchant-initiated charge", () => {
  it("posts a signed type-0 request with the reference, COF_INI N, the first transaction's id, the MIT exemption and direct payment", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const redsys = answered();
    await chargeStoredCard(cfg, CHARGE, redsys.impl);
    const [{ url, body }] = redsys.seen as [(typeof redsys.seen)[number]];
    expect(url).toBe(cfg.restUrl);
    expect(verify(KEY, CHARGE.code, body.Ds_MerchantParameters!, body.Ds_Signature!)).toBe(true);
    expect(decodeParameters(body.Ds_MerchantParameters!)).toEqual({
      DS_MERCHANT_AMOUNT: "9900",
      DS_MERCHANT_ORDER: CHARGE.code,
      DS_MERCHANT_MERCHANTCODE: "999008881",
      DS_MERCHANT_CURRENCY: "978",
      DS_MERCHANT_TRANSACTIONTYPE: "0",
      DS_MERCHANT_TERMINAL: "1",
      DS_MERCHANT_IDENTIFIER: IDENTIFIER,
      DS_MERCHANT_COF_INI: "N",
      DS_MERCHANT_COF_TYPE: "R",
      DS_MERCHANT_COF_TXNID: "2205022148020",
      DS_MERCHANT_EXCEP_SCA: "MIT",
      DS_MERCHANT_DIRECTPAYMENT: "true",
      DS_MERCHANT_PRODUCTDESCRIPTION: CHARGE.description,
    });
  });

  it("bad input is a programming error, never sent", async () => {
    const redsys = answered();
    for (const wrong of [{ amountCents: 0 }, { amountCents: 99.5 }, { code: "ABCD1234" }, { identifier: "REQUIRED" }, { identifier: "" }, { cofTxnId: "" }, { cofTxnId: "x y" }]) {
      await expect(chargeStoredCard(cfg, { ...CHARGE, ...wrong }, redsys.impl)).rejects.toThrow();
    }
    expect(redsys.seen).toHaveLength(0);
  });

  it("an authorised answer: done, with the authorisation code; the log line has neither the reference nor the key", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const info = vi.spyOn(log("payments"), "info");
    const outcome = await chargeStoredCard(cfg, CHARGE, answered().impl);
    expect(outcome).toMatchObject({ kind: "done", code: "0000", meaning: "Operación autorizada", authorisationCode: "654321" });
    expect(info.mock.calls[0]?.[0]).toEqual({ order: CHARGE.code, amountCents: 9900, outcome: "done", code: "0000" });
    const lines = JSON.stringify(info.mock.calls);
    for (const secret of [IDENTIFIER, CHARGE.cofTxnId, KEY]) expect(lines).not.toContain(secret);
  });

  it.each([
    ["0116", "Disponible insuficiente"],
    ["0101", "Tarjeta caducada"],
    ["0190", "Denegación del emisor sin especificar motivo"],
    ["0174", "Denegada, no repetir antes de 72 horas"],
  ])("a verified denial %s: refused, with its Spanish meaning", async (code, meaning) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const outcome = await chargeStoredCard(cfg, CHARGE, answered({ Ds_Response: code, Ds_AuthorisationCode: "" }).impl);
    expect(outcome).toMatchObject({ kind: "refused", code, meaning });
  });

  it("{errorCode}: refused, nothing charged", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await chargeStoredCard(cfg, CHARGE, fakeRedsys(() => ({ errorCode: "SIS0466" })).impl)).toEqual({ kind: "refused", code: "SIS0466", meaning: "Error de Redsys SIS0466" });
  });

  it("an answer under another key, or about another order or amount: unknown, whatever it says", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await chargeStoredCard(cfg, CHARGE, answered({}, OTHER_KEY).impl)).toEqual({ kind: "unknown", reason: "respuesta no fiable: firma incorrecta" });
    expect((await chargeStoredCard(cfg, CHARGE, answered({ Ds_Amount: "99" }).impl)).kind).toBe("unknown");
    expect((await chargeStoredCard(cfg, CHARGE, answered({ Ds_Order: "9999zzzzzzzz" }).impl)).kind).toBe("unknown");
    expect((await chargeStoredCard(cfg, CHARGE, fakeRedsys(() => "<html>502 Bad Gateway</html>", 502).impl)).kind).toBe("unknown");
  });

  it("no answer before the timeout: unknown, and the request is abandoned", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const silent = silentFetch();
    expect(await chargeStoredCard(cfg, CHARGE, silent.impl, { timeoutMs: 100 })).toEqual({ kind: "unknown", reason: "sin respuesta en 0,1 s" });
    expect(silent.aborted()).toBe(true);
  });
});
