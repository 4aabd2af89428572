import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { newRedsysOrderCode } from "~/domain/payments/redsys-codes";
import { signedMessage } from "~/server/payments/redsys-signature.server";

/*
 * For the stand-in's own tests only (tests/integration/redsys-standin-*.test.ts): a tiny
 * "shop" that receives notifications, and requests signed with the SHOP's signature module,
 * so that the tests prove the shop's code and the stand-in's independent code agree. The
 * stand-in itself never imports the shop's module.
 */

export const TEST_MERCHANT = { merchantCode: "999008881", terminal: "1", secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7" };

export type TestShop = {
  url: string;
  /** The form fields of every notification received, in order. */
  notifications: Record<string, string>[];
  /** The status the shop answers notifications with (200 by default). */
  answerWith(status: number): void;
  close(): Promise<void>;
};

export async function startTestShop(): Promise<TestShop> {
  const notifications: Record<string, string>[] = [];
  let status = 200;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/api/redsys/notificacion") notifications.push(Object.fromEntries(new URLSearchParams(raw)));
      res.writeHead(req.url === "/api/redsys/notificacion" ? status : 404, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    notifications,
    answerWith(next) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function newOrderCode(): string {
  return newRedsysOrderCode((count) => randomBytes(count));
}

/** The parameters the shop's payment form carries; `undefined` in `changes` removes one. */
export function paymentParameters(shopUrl: string, changes: Record<string, string | undefined> = {}): Record<string, string> {
  const base: Record<string, string | undefined> = {
    DS_MERCHANT_AMOUNT: "14520",
    DS_MERCHANT_ORDER: newOrderCode(),
    DS_MERCHANT_MERCHANTCODE: TEST_MERCHANT.merchantCode,
    DS_MERCHANT_CURRENCY: "978",
    DS_MERCHANT_TRANSACTIONTYPE: "0",
    DS_MERCHANT_TERMINAL: TEST_MERCHANT.terminal,
    DS_MERCHANT_MERCHANTURL: `${shopUrl}/api/redsys/notificacion`,
    DS_MERCHANT_URLOK: `${shopUrl}/login/pedidos/0001-010125/pago/vuelta?r=ok`,
    DS_MERCHANT_URLKO: `${shopUrl}/login/pedidos/0001-010125/pago/vuelta?r=ko`,
    DS_MERCHANT_MERCHANTNAME: "Clima Madrid",
    DS_MERCHANT_PRODUCTDESCRIPTION: "Pedido 0001-010125",
    ...changes,
  };
  return Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Signed by the shop's own module, with the key of `secretKey` (the test key by default). */
export function signedByShop(parameters: Record<string, string>, secretKey = TEST_MERCHANT.secretKey) {
  const order = Object.entries(parameters).find(([name]) => name.toUpperCase() === "DS_MERCHANT_ORDER")?.[1] ?? "";
  return signedMessage(secretKey, order, parameters);
}

/** A POST as a browser's form makes it; redirects are not followed. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** The decision form's address on a payment page. */
export function decisionPath(html: string): string {
  const match = /action="(\/sis\/decidir\/[0-9a-f]+)"/.exec(html);
  if (!match) throw new Error(`La página de pago no trae el formulario de decisión:\n${html}`);
  return match[1]!;
}
