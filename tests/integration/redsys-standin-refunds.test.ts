import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedMessage, verifyMessage } from "~/server/payments/redsys-signature.server";
import { startRedsysStandIn, type RedsysStandIn } from "../support/redsys-standin/index";
import { parseSandboxFlags } from "../support/redsys-standin/mode";
import { DEFAULT_MODE } from "../support/redsys-standin/state";
import { decisionPath, newOrderCode, paymentParameters, postForm, postJson, signedByShop, startTestShop, TEST_MERCHANT, type TestShop } from "../support/redsys-standin/test-shop";

/*
 * The stand-in's REST refunds (transaction type 3) and its control interface (issue 12):
 * refunds signed by the shop's module, answered as Redsys answers (a signed Ds_Response, or
 * {"errorCode": "SISxxxx"}), never more than was paid; the mode over HTTP; the log without
 * the key; the sandbox's flags.
 */

let redsys: RedsysStandIn;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  redsys = await startRedsysStandIn({ ...TEST_MERCHANT });
});
afterAll(async () => {
  await redsys.close();
  await shop.close();
});
beforeEach(() => {
  redsys.setMode(DEFAULT_MODE);
});

/** An order paid (or refused) through the payment page. */
async function decidedOrder(amount: string, decision: "pagar" | "denegar" = "pagar"): Promise<string> {
  const parameters = paymentParameters(shop.url, { DS_MERCHANT_AMOUNT: amount });
  const html = await (await postForm(redsys.url, signedByShop(parameters))).text();
  const response = await postForm(new URL(decisionPath(html), redsys.url).toString(), { decision });
  expect(response.status).toBe(303);
  return parameters.DS_MERCHANT_ORDER!;
}

function refundParameters(order: string, amount: string, changes: Record<string, string> = {}) {
  return {
    DS_MERCHANT_ORDER: order,
    DS_MERCHANT_MERCHANTCODE: TEST_MERCHANT.merchantCode,
    DS_MERCHANT_TERMINAL: TEST_MERCHANT.terminal,
    DS_MERCHANT_CURRENCY: "978",
    DS_MERCHANT_TRANSACTIONTYPE: "3",
    DS_MERCHANT_AMOUNT: amount,
    ...changes,
  };
}

async function refund(order: string, amount: string, changes: Record<string, string> = {}) {
  const response = await postJson(redsys.restUrl, signedByShop(refundParameters(order, amount, changes)));
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string>;
}

/** The Ds_Response of a signed answer, checked with the shop's code. */
function responseOf(answer: Record<string, string>) {
  expect(answer.Ds_Signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const verified = verifyMessage(TEST_MERCHANT.secretKey, answer);
  if (!verified.ok) throw new Error(`respuesta sin firma válida: ${verified.reason}`);
  return verified.parameters;
}

describe("refunds over REST", () => {
  it("accepts partial refunds up to what was paid (0900, signed), then refuses more (SIS0057)", async () => {
    const order = await decidedOrder("14520");
    expect(responseOf(await refund(order, "5000"))).toMatchObject({ Ds_Response: "0900", Ds_Amount: "5000", Ds_Order: order, Ds_TransactionType: "3", Ds_MerchantCode: "999008881", Ds_Currency: "978" });
    expect(await refund(order, "9521")).toEqual({ errorCode: "SIS0057" });
    expect(responseOf(await refund(order, "9520"))).toMatchObject({ Ds_Response: "0900", Ds_Amount: "9520" });
    expect(await refund(order, "1")).toEqual({ errorCode: "SIS0057" });
    expect(redsys.log().filter((entry) => entry.kind === "refund" && entry.order === order).map((entry) => [entry.amount, entry.code])).toEqual([
      [5000, "0900"],
      [9521, "SIS0057"],
      [9520, "0900"],
      [1, "SIS0057"],
    ]);
  });

  it("mode deny: a signed 0950, and nothing counts as refunded", async () => {
    const order = await decidedOrder("2000");
    redsys.setMode({ refund: "deny" });
    expect(responseOf(await refund(order, "2000"))).toMatchObject({ Ds_Response: "0950", Ds_AuthorisationCode: "" });
    redsys.setMode({ refund: "accept" });
    expect(responseOf(await refund(order, "2000"))).toMatchObject({ Ds_Response: "0900" });
  });

  it("mode error: {errorCode: SIS0057}", async () => {
    const order = await decidedOrder("2000");
    redsys.setMode({ refund: "error" });
    expect(await refund(order, "100")).toEqual({ errorCode: "SIS0057" });
  });

  it.each<[string, string, () => Promise<Record<string, string>>]>([
    ["a bad signature", "SIS0042", async () => {
      const order = await decidedOrder("1000");
      const signed = signedByShop(refundParameters(order, "100"));
      return (await postJson(redsys.restUrl, { ...signed, Ds_Signature: signedByShop(refundParameters(order, "1000")).Ds_Signature })).json();
    }],
    ["another key", "SIS0042", async () => {
      const order = await decidedOrder("1000");
      return (await postJson(redsys.restUrl, signedMessage(Buffer.alloc(24, 9).toString("base64"), order, refundParameters(order, "100")))).json();
    }],
    ["an order it never authorised", "SIS0054", () => refund(newOrderCode(), "100")],
    ["an order only presented", "SIS0054", async () => {
      const parameters = paymentParameters(shop.url);
      await postForm(redsys.url, signedByShop(parameters));
      return refund(parameters.DS_MERCHANT_ORDER!, "100");
    }],
    ["a denied payment", "SIS0056", async () => refund(await decidedOrder("1000", "denegar"), "100")],
    ["another transaction type", "SIS0023", async () => refund(await decidedOrder("1000"), "100", { DS_MERCHANT_TRANSACTIONTYPE: "0" })],
    ["another merchant", "SIS0026", async () => refund(await decidedOrder("1000"), "100", { DS_MERCHANT_MERCHANTCODE: "327234688" })],
    ["another currency", "SIS0027", async () => refund(await decidedOrder("1000"), "100", { DS_MERCHANT_CURRENCY: "840" })],
    ["a zero amount", "SIS0019", async () => refund(await decidedOrder("1000"), "0")],
    ["a body that is not JSON", "SIS0007", async () => (await fetch(redsys.restUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" })).json()],
  ])("refuses %s with %s", async (_, code, send) => {
    expect(await send()).toEqual({ errorCode: code });
    expect(redsys.log().at(-1)).toMatchObject({ kind: "refund", code });
  });
});

describe("control", () => {
  it("sets the mode over HTTP, refusing nonsense with a Spanish 400", async () => {
    const set = await postJson(new URL("/control/mode", redsys.url).toString(), { notification: "delay", delayMs: 250 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ ...DEFAULT_MODE, notification: "delay", delayMs: 250 });
    expect(redsys.mode()).toMatchObject({ notification: "delay", delayMs: 250 });

    for (const body of [{ notification: "sometimes" }, { repeat: 0 }, { refund: "maybe" }, { secretKey: "x" }]) {
      const refused = await postJson(new URL("/control/mode", redsys.url).toString(), body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^Modo no válido/);
    }
    expect(() => redsys.setMode({ delayMs: -1 })).toThrow(/Modo no válido/);
  });

  it("serves the log over HTTP as the API gives it, and never the key, not even on the control page", async () => {
    await decidedOrder("3000");
    const log = await (await fetch(new URL("/control/log", redsys.url))).json();
    expect(log).toEqual(redsys.log());
    expect(JSON.stringify(log)).not.toContain(TEST_MERCHANT.secretKey);
    const page = await (await fetch(new URL("/control", redsys.url))).text();
    expect(page).toContain("Control del simulador");
    expect(page).not.toContain(TEST_MERCHANT.secretKey);
  });

  it("waitFor rejects with the log when the condition never holds", async () => {
    await expect(redsys.waitFor(() => false, 50)).rejects.toThrow(/no llegó al estado esperado/);
  });

  it("refuses to start with a key that is not 24 bytes of base64", async () => {
    await expect(startRedsysStandIn({ ...TEST_MERCHANT, secretKey: "c2hvcnQ=" })).rejects.toThrow(/24 bytes/);
  });
});

describe("the sandbox's flags", () => {
  it("read Spanish words into a mode", () => {
    expect(parseSandboxFlags([])).toEqual({});
    expect(parseSandboxFlags(["--notificacion=retrasar:5000", "--reembolso=denegar"])).toEqual({ notification: "delay", delayMs: 5000, refund: "deny" });
    expect(parseSandboxFlags(["--notificacion=repetir:2"])).toEqual({ notification: "repeat", repeat: 2 });
    expect(parseSandboxFlags(["--notificacion=perder", "--reembolso=error"])).toEqual({ notification: "drop", refund: "error" });
    expect(parseSandboxFlags(["--notificacion=retener", "--reembolso=aceptar"])).toEqual({ notification: "hold", refund: "accept" });
  });

  it.each([["--notificacion=a-veces"], ["--reembolso=quizas"], ["--notificacion=perder:3"], ["--notificacion=repetir:0"], ["--puerto=1"]])("refuse %s with the usage", (flag) => {
    expect(() => parseSandboxFlags([flag])).toThrow(/Uso: npm run redsys:sandbox/);
  });
});
