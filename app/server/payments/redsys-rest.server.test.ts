import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeRedsys, type SeenRequest as Seen, signedAnswer as signedWith, silentFetch } from "../../../tests/support/fake-redsys-rest";
import type { RedsysConfig } from "../config.server";
import { requestRefund } from "./redsys-rest.server";
import { decodeParameters, verify } from "./redsys-signature.server";

/*
 * The REST refund against a fake Redsys (a fetch function): what we send (signed, type 3,
 * amount in cents) and how each kind of answer is read. Only a verified answer about the
 * order and amount we asked for is believed; everything else is "unknown".
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
const ASK = { code: "1234AbCdEfGh", amountCents: 1250 };

function signedAnswer(fields: Record<string, string>, key = KEY) {
  return signedWith(key, fields);
}

const answerFor = (parameters: Record<string, string>, extra: Record<string, string> = {}) => ({
  Ds_Amount: parameters.DS_MERCHANT_AMOUNT!,
  Ds_Currency: "978",
  Ds_Order: parameters.DS_MERCHANT_ORDER!,
  Ds_MerchantCode: cfg.merchantCode,
  Ds_Terminal: "1",
  Ds_Response: "0900",
  Ds_AuthorisationCode: "123456",
  Ds_TransactionType: "3",
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe("the refund request", () => {
  it("posts a signed type-3 request for the attempt's code and the amount in cents", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const redsys = fakeRedsys((p) => signedAnswer(answerFor(p)));
    await requestRefund(cfg, ASK, redsys.impl);
    const [{ url, body }] = redsys.seen as [Seen];
    expect(url).toBe(cfg.restUrl);
    expect(body.Ds_SignatureVersion).toBe("HMAC_SHA256_V1");
    expect(verify(KEY, ASK.code, body.Ds_MerchantParameters!, body.Ds_Signature!)).toBe(true);
    expect(decodeParameters(body.Ds_MerchantParameters!)).toEqual({
      DS_MERCHANT_AMOUNT: "1250",
      DS_MERCHANT_ORDER: ASK.code,
      DS_MERCHANT_MERCHANTCODE: "999008881",
      DS_MERCHANT_CURRENCY: "978",
      DS_MERCHANT_TRANSACTIONTYPE: "3",
      DS_MERCHANT_TERMINAL: "1",
    });
    expect(JSON.stringify(body)).not.toContain(KEY);
  });

  it("a bad amount is a programming error, never sent", async () => {
    const redsys = fakeRedsys(() => ({}));
    await expect(requestRefund(cfg, { code: ASK.code, amountCents: 0 }, redsys.impl)).rejects.toThrow();
    await expect(requestRefund(cfg, { code: ASK.code, amountCents: 12.5 }, redsys.impl)).rejects.toThrow();
    expect(redsys.seen).toHaveLength(0);
  });
});

describe("reading the answer", () => {
  it("0900 in a verified answer: done, with the authorisation code", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const outcome = await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p))).impl);
    expect(outcome).toMatchObject({ kind: "done", code: "0900", meaning: "Devolución o confirmación aceptada", authorisationCode: "123456" });
    expect(outcome.kind === "done" && outcome.parameters.Ds_Order).toBe(ASK.code);
    expect(logged.mock.calls.join("\n")).not.toContain(KEY);
  });

  it("another Ds_Response in a verified answer: refused with its meaning", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const outcome = await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p, { Ds_Response: "0950", Ds_AuthorisationCode: "" }))).impl);
    expect(outcome).toMatchObject({ kind: "refused", code: "0950", meaning: "Operación de devolución no permitida" });
  });

  it("{errorCode}: refused with Redsys's meaning of the SIS code", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const outcome = await requestRefund(cfg, ASK, fakeRedsys(() => ({ errorCode: "SIS0057" })).impl);
    expect(outcome).toEqual({ kind: "refused", code: "SIS0057", meaning: "Error de Redsys SIS0057" });
  });

  it("a bad signature is not trusted, whatever it says: unknown", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const outcome = await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p), OTHER_KEY)).impl);
    expect(outcome).toEqual({ kind: "unknown", reason: "respuesta no fiable: firma incorrecta" });
    const tampered = await requestRefund(
      cfg,
      ASK,
      fakeRedsys((p) => ({ ...signedAnswer(answerFor(p, { Ds_Response: "0950" })), Ds_Signature: signedAnswer(answerFor(p)).Ds_Signature })).impl,
    );
    expect(tampered.kind).toBe("unknown");
    expect(warned.mock.calls.join("\n")).not.toContain(KEY);
  });

  it("an answer about another amount, order or merchant: unknown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p, { Ds_Amount: "1200" }))).impl)).toEqual({
      kind: "unknown",
      reason: "la respuesta trae otro importe",
    });
    expect((await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p, { Ds_Order: "9999zzzz" }))).impl)).kind).toBe("unknown");
    expect((await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p, { Ds_MerchantCode: "111111111" }))).impl)).kind).toBe("unknown");
    expect((await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p, { Ds_Response: "" }))).impl)).kind).toBe("unknown");
  });

  it("leading zeros in Ds_Amount are the same amount", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect((await requestRefund(cfg, ASK, fakeRedsys((p) => signedAnswer(answerFor(p, { Ds_Amount: "000000001250" }))).impl)).kind).toBe("done");
  });

  it("unreadable, unsigned or oversized answers, and error pages: unknown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const reply of ["<html>Service Unavailable</html>", "[]", "null", JSON.stringify({ Ds_Response: "0900" }), "x".repeat(100_000)]) {
      expect((await requestRefund(cfg, ASK, fakeRedsys(() => reply, 503).impl)).kind).toBe("unknown");
    }
  });

  it("a network error: unknown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const refused = (async () => {
      throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") });
    }) as typeof fetch;
    expect(await requestRefund(cfg, ASK, refused)).toEqual({ kind: "unknown", reason: "error de red" });
  });

  it("no answer before the timeout: unknown, and the request is abandoned", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const silent = silentFetch();
    const started = Date.now();
    const outcome = await requestRefund(cfg, ASK, silent.impl, { timeoutMs: 150 });
    expect(outcome).toEqual({ kind: "unknown", reason: "sin respuesta en 0,15 s" });
    expect(silent.aborted()).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an answer that starts and then stalls past the timeout: unknown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const stalling = ((_url: string, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"Ds_Signat'));
          init?.signal?.addEventListener("abort", () => controller.error(init.signal!.reason));
        },
      });
      return Promise.resolve(new Response(body));
    }) as unknown as typeof fetch;
    expect((await requestRefund(cfg, ASK, stalling, { timeoutMs: 150 })).kind).toBe("unknown");
  });
});
