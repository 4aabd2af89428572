import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeParameters, verifyMessage } from "~/server/payments/redsys-signature.server";
import { startRedsysStandIn, type RedsysStandIn } from "../support/redsys-standin/index";
import { DEFAULT_MODE } from "../support/redsys-standin/state";
import { decisionPath, paymentParameters, postForm, signedByShop, startTestShop, TEST_MERCHANT, type TestShop } from "../support/redsys-standin/test-shop";

/*
 * The stand-in's redirection interface (issue 12), driven with plain fetch as a browser
 * would: requests signed by the shop's own module are accepted, every faulty one refused
 * with Redsys's SIS code, the decision notifies a tiny shop whose signature check (the
 * shop's verifyMessage) accepts it, and the browser goes back to URLOK or URLKO.
 */

let redsys: RedsysStandIn;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  redsys = await startRedsysStandIn({ ...TEST_MERCHANT, port: 0 });
});
afterAll(async () => {
  await redsys.close();
  await shop.close();
});
beforeEach(() => {
  redsys.setMode(DEFAULT_MODE);
  shop.answerWith(200);
  shop.notifications.length = 0;
});

async function openPaymentPage(changes: Record<string, string | undefined> = {}) {
  const parameters = paymentParameters(shop.url, changes);
  const response = await postForm(redsys.url, signedByShop(parameters));
  const html = await response.text();
  return { response, html, order: parameters.DS_MERCHANT_ORDER!, parameters };
}

async function decide(html: string, decision: "pagar" | "denegar") {
  return postForm(new URL(decisionPath(html), redsys.url).toString(), { decision });
}

const logFor = (order: string) => redsys.log().filter((entry) => entry.order === order);

describe("the payment page", () => {
  it("shows the shop's card payment with its amount and the two buttons", async () => {
    const { response, html, order } = await openPaymentPage();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("Pago con tarjeta");
    expect(html).toContain("Clima Madrid");
    expect(html).toContain("Pedido 0001-010125");
    expect(html.replace(/\u00a0/g, " ")).toContain("145,20 €");
    expect(html).toMatch(/<button[^>]*value="pagar">Pagar<\/button>/);
    expect(html).toMatch(/<button[^>]*value="denegar">Denegar<\/button>/);
    expect(html).not.toContain("<script");
    expect(logFor(order)).toEqual([expect.objectContaining({ kind: "payment-form", amount: 14520, method: "tarjeta" })]);
  });

  it("shows Bizum when the shop asks for it (DS_MERCHANT_PAYMETHODS z)", async () => {
    const { html, order } = await openPaymentPage({ DS_MERCHANT_PAYMETHODS: "z" });
    expect(html).toContain("Pago con Bizum");
    expect(logFor(order)[0]).toMatchObject({ method: "bizum" });
  });

  it("escapes what the shop sends", async () => {
    const { html } = await openPaymentPage({ DS_MERCHANT_MERCHANTNAME: '<img src=x onerror="alert(1)">' });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
  });
});

describe("a faulty request gets Redsys's error page (status 200) and is logged", () => {
  const resign = (changes: Record<string, string | undefined>) => (url: string) => signedByShop(paymentParameters(url, changes));
  it.each<[string, string, (shopUrl: string) => Record<string, string>]>([
    ["a bad signature", "SIS0042", (url) => ({ ...signedByShop(paymentParameters(url)), Ds_Signature: "OJHmZ7cVCM2YdKoFUWkSvK9suPLRvl3DPS840EgBW00=" })],
    ["another key", "SIS0042", (url) => signedByShop(paymentParameters(url), Buffer.alloc(24, 7).toString("base64"))],
    ["parameters changed after signing", "SIS0042", (url) => {
      const signed = signedByShop(paymentParameters(url));
      const forged = { ...decodeParameters(signed.Ds_MerchantParameters), DS_MERCHANT_AMOUNT: "1" };
      return { ...signed, Ds_MerchantParameters: Buffer.from(JSON.stringify(forged)).toString("base64") };
    }],
    ["another signature version", "SIS0429", (url) => ({ ...signedByShop(paymentParameters(url)), Ds_SignatureVersion: "HMAC_SHA512_V2" })],
    ["unreadable parameters", "SIS0430", (url) => ({ ...signedByShop(paymentParameters(url)), Ds_MerchantParameters: "%%%" })],
    ["parameters that are not a JSON object", "SIS0431", (url) => ({ ...signedByShop(paymentParameters(url)), Ds_MerchantParameters: Buffer.from("[1]").toString("base64") })],
    ["another merchant", "SIS0026", resign({ DS_MERCHANT_MERCHANTCODE: "327234688" })],
    ["another terminal", "SIS0026", resign({ DS_MERCHANT_TERMINAL: "2" })],
    ["no merchant", "SIS0008", resign({ DS_MERCHANT_MERCHANTCODE: undefined })],
    ["another currency", "SIS0027", resign({ DS_MERCHANT_CURRENCY: "840" })],
    ["no currency", "SIS0015", resign({ DS_MERCHANT_CURRENCY: undefined })],
    ["an amount in euros", "SIS0019", resign({ DS_MERCHANT_AMOUNT: "145.20" })],
    ["a zero amount", "SIS0019", resign({ DS_MERCHANT_AMOUNT: "0" })],
    ["no amount", "SIS0018", resign({ DS_MERCHANT_AMOUNT: undefined })],
    ["an order code too short", "SIS0075", resign({ DS_MERCHANT_ORDER: "123" })],
    ["an order code too long", "SIS0075", resign({ DS_MERCHANT_ORDER: "1234567890123" })],
    ["an order code starting with letters", "SIS0076", resign({ DS_MERCHANT_ORDER: "AB12345678" })],
    ["an order code with a dash", "SIS0014", resign({ DS_MERCHANT_ORDER: "0001-0101" })],
    ["a refund through the browser", "SIS0023", resign({ DS_MERCHANT_TRANSACTIONTYPE: "3" })],
    ["a relative notification address", "SIS0431", resign({ DS_MERCHANT_MERCHANTURL: "/api/redsys/notificacion" })],
    ["no return address", "SIS0431", resign({ DS_MERCHANT_URLOK: undefined })],
    ["an unknown pay method", "SIS0031", resign({ DS_MERCHANT_PAYMETHODS: "X" })],
  ])("%s: %s", async (_, code, build) => {
    const before = redsys.log().length;
    const response = await postForm(redsys.url, build(shop.url));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<strong>${code}</strong>`);
    expect(html).not.toContain("Pagar");
    expect(redsys.log().slice(before)).toEqual([expect.objectContaining({ kind: "payment-error", code })]);
  });

  it("refuses an order code presented before (SIS0051), paid or not", async () => {
    const first = await openPaymentPage();
    const again = await postForm(redsys.url, signedByShop(paymentParameters(shop.url, { DS_MERCHANT_ORDER: first.order })));
    expect(await again.text()).toContain("<strong>SIS0051</strong>");
    await decide(first.html, "pagar");
    const paidAgain = await postForm(redsys.url, signedByShop(paymentParameters(shop.url, { DS_MERCHANT_ORDER: first.order })));
    expect(await paidAgain.text()).toContain("<strong>SIS0051</strong>");
    expect(logFor(first.order).filter((entry) => entry.kind === "payment-error").map((entry) => entry.code)).toEqual(["SIS0051", "SIS0051"]);
  });

  it("accepts the parameter names in Redsys's mixed case too", async () => {
    const parameters = Object.fromEntries(Object.entries(paymentParameters(shop.url)).map(([key, value]) => [key.replace(/^DS_MERCHANT_(.*)$/, (_, rest: string) => `Ds_Merchant_${rest[0]}${rest.slice(1).toLowerCase()}`), value]));
    const response = await postForm(redsys.url, signedByShop(parameters));
    expect(await response.text()).toContain("Pagar");
  });
});

describe("the decision", () => {
  it("pagar: notifies the shop (signature accepted by the shop's code) before sending the browser to URLOK", async () => {
    const { html, order } = await openPaymentPage({ DS_MERCHANT_MERCHANTDATA: "pedido=0001-010125&nota=sí 100%" });
    const response = await decide(html, "pagar");
    expect(response.status).toBe(303);
    expect(shop.notifications).toHaveLength(1);

    const notification = shop.notifications[0]!;
    expect(notification.Ds_Signature).toMatch(/^[A-Za-z0-9_-]+=*$/);
    const verified = verifyMessage(TEST_MERCHANT.secretKey, notification);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.parameters).toMatchObject({
      Ds_Amount: "14520",
      Ds_Currency: "978",
      Ds_Order: order,
      Ds_MerchantCode: "999008881",
      Ds_Terminal: "001",
      Ds_Response: "0000",
      Ds_TransactionType: "0",
      Ds_SecurePayment: "1",
      Ds_MerchantData: "pedido=0001-010125&nota=sí 100%",
      Ds_ConsumerLanguage: "1",
      Ds_Card_Country: "724",
      Ds_Card_Brand: "1",
    });
    expect(verified.parameters.Ds_Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(verified.parameters.Ds_Hour).toMatch(/^\d{2}:\d{2}$/);
    expect(verified.parameters.Ds_AuthorisationCode).toMatch(/^\d{6}$/);

    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${shop.url}/login/pedidos/0001-010125/pago/vuelta`);
    expect(location.searchParams.get("r")).toBe("ok");
    const back = verifyMessage(TEST_MERCHANT.secretKey, Object.fromEntries(location.searchParams));
    expect(back).toEqual(verified);
    expect(logFor(order).map((entry) => [entry.kind, entry.code, entry.shopStatus])).toEqual([
      ["payment-form", undefined, undefined],
      ["decision", "0000", undefined],
      ["notification", "0000", 200],
    ]);
  });

  it("pagar with Bizum: the notification says Bizum (Ds_ProcessedPayMethod 68)", async () => {
    const { html } = await openPaymentPage({ DS_MERCHANT_PAYMETHODS: "z" });
    await decide(html, "pagar");
    const verified = verifyMessage(TEST_MERCHANT.secretKey, shop.notifications[0]!);
    expect(verified.ok && verified.parameters).toMatchObject({ Ds_Response: "0000", Ds_ProcessedPayMethod: "68" });
  });

  it("denegar: notifies 0190 without an authorisation and sends the browser to URLKO", async () => {
    const { html } = await openPaymentPage();
    const response = await decide(html, "denegar");
    expect(response.status).toBe(303);
    const verified = verifyMessage(TEST_MERCHANT.secretKey, shop.notifications[0]!);
    expect(verified.ok && verified.parameters).toMatchObject({ Ds_Response: "0190" });
    expect(Buffer.from(shop.notifications[0]!.Ds_MerchantParameters!, "base64").toString()).toContain('"Ds_AuthorisationCode":"++++++"');
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("r")).toBe("ko");
    expect(verifyMessage(TEST_MERCHANT.secretKey, Object.fromEntries(location.searchParams))).toEqual(verified);
  });

  it("decides once: a second press gets an error page and no second notification", async () => {
    const { html, order } = await openPaymentPage();
    await decide(html, "pagar");
    const second = await decide(html, "denegar");
    expect(second.status).toBe(200);
    expect(await second.text()).toContain("<strong>SIS0051</strong>");
    expect(shop.notifications).toHaveLength(1);
    expect(logFor(order).at(-1)).toMatchObject({ kind: "payment-error", code: "SIS0051" });
  });

  it("answers an unknown session with 404 and a decision that is neither with 400", async () => {
    expect((await postForm(new URL("/sis/decidir/00ff", redsys.url).toString(), { decision: "pagar" })).status).toBe(404);
    const { html } = await openPaymentPage();
    expect((await decide(html, "quizá" as "pagar")).status).toBe(400);
  });

  it("records the shop's status when the shop refuses the notification, and an error when nobody listens", async () => {
    shop.answerWith(500);
    const first = await openPaymentPage();
    await decide(first.html, "pagar");
    expect(logFor(first.order).at(-1)).toMatchObject({ kind: "notification", shopStatus: 500 });

    const second = await openPaymentPage({ DS_MERCHANT_MERCHANTURL: "http://127.0.0.1:9/api/redsys/notificacion" });
    const response = await decide(second.html, "pagar");
    expect(response.status).toBe(303);
    expect(logFor(second.order).at(-1)).toMatchObject({ kind: "notification", error: expect.stringContaining("no se pudo entregar") });
  });
});

describe("the notification modes", () => {
  it("delay: the browser goes back first, the notification follows after delayMs", async () => {
    redsys.setMode({ notification: "delay", delayMs: 1000 });
    const { html, order } = await openPaymentPage();
    const response = await decide(html, "pagar");
    expect(response.status).toBe(303);
    expect(shop.notifications).toHaveLength(0);
    const log = await redsys.waitFor((entries) => entries.some((entry) => entry.order === order && entry.kind === "notification"));
    expect(shop.notifications).toHaveLength(1);
    const decided = log.find((entry) => entry.order === order && entry.kind === "decision")!;
    const sent = log.find((entry) => entry.order === order && entry.kind === "notification")!;
    expect(decided.notification).toBe("delay");
    expect(Date.parse(sent.at) - Date.parse(decided.at)).toBeGreaterThanOrEqual(990);
  });

  it("repeat: the same signed notification arrives N times before the browser goes back", async () => {
    redsys.setMode({ notification: "repeat", repeat: 3 });
    const { html } = await openPaymentPage();
    await decide(html, "pagar");
    expect(shop.notifications).toHaveLength(3);
    expect(new Set(shop.notifications.map((fields) => JSON.stringify(fields))).size).toBe(1);
  });

  it("drop: the browser goes back and no notification is ever sent or held", async () => {
    redsys.setMode({ notification: "drop" });
    const { html, order } = await openPaymentPage();
    expect((await decide(html, "pagar")).status).toBe(303);
    const delivered = await fetch(new URL("/control/deliver", redsys.url), { method: "POST" });
    expect(await delivered.json()).toEqual({ delivered: 0 });
    expect(shop.notifications).toHaveLength(0);
    expect(logFor(order).map((entry) => entry.kind)).toEqual(["payment-form", "decision"]);
    expect(logFor(order)[1]).toMatchObject({ notification: "drop" });
  });

  it("hold: nothing reaches the shop until deliverHeld (here over POST /control/deliver)", async () => {
    redsys.setMode({ notification: "hold" });
    const first = await openPaymentPage();
    const second = await openPaymentPage({ DS_MERCHANT_PAYMETHODS: "z" });
    await decide(first.html, "pagar");
    await decide(second.html, "denegar");
    expect(shop.notifications).toHaveLength(0);
    const delivered = await fetch(new URL("/control/deliver", redsys.url), { method: "POST" });
    expect(await delivered.json()).toEqual({ delivered: 2 });
    expect(shop.notifications.map((fields) => decodeParameters(fields.Ds_MerchantParameters!)?.Ds_Order)).toEqual([first.order, second.order]);
  });

  it("hold, then deliverHeld from the test's side", async () => {
    redsys.setMode({ notification: "hold" });
    const { html, order } = await openPaymentPage();
    await decide(html, "pagar");
    await redsys.deliverHeld();
    expect(shop.notifications).toHaveLength(1);
    expect(logFor(order).at(-1)).toMatchObject({ kind: "notification", code: "0000", shopStatus: 200 });
  });
});
