import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { orderDatePart } from "~/domain/orders/order-number";
import { newRedsysOrderCode } from "~/domain/payments/redsys-codes";
import type { AttemptState, OnlineMethod } from "~/domain/payments/payment-states";
import type { RedsysConfig } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { orders, paymentAttempts } from "~/server/db/schema.server";
import { decodeParameters, signedMessage, verify } from "~/server/payments/redsys-signature.server";
import { insertProduct, insertTestOrder } from "./transfer-orders";

/*
 * Refund tests (issue 12): paid orders written straight into the database, as the payment
 * flow would have left them, and a fake of Redsys's REST refund entry as a fetch function:
 * it checks the shop's signature, then answers as the test tells it (accepted, denied, SIS
 * error, a wrong signature, silence until the shop gives up, or held until released).
 */

export const REDSYS: RedsysConfig = {
  merchantCode: "999008881",
  terminal: "1",
  secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7",
  url: "http://redsys.test/sis/realizarPago",
  restUrl: "http://redsys.test/sis/rest/trataPeticionREST",
  windowMinutes: 30,
};

let made = 0;

/** A card (or Bizum) order, "Pagado", with one paid attempt of its whole amount (9900 + 795 cents a unit). */
export async function paidCardOrder(db: Database, { units = 1, method = "tarjeta" as OnlineMethod, email = "cliente-reembolsos@example.com", number }: { units?: number; method?: OnlineMethod; email?: string; number?: string } = {}) {
  made += 1;
  const product = await insertProduct(db, { stock: 10 });
  const createdAt = new Date(Date.now() - 2 * 86_400_000);
  const order = await insertTestOrder(db, {
    number: number ?? `${9000 + made}-${orderDatePart(createdAt)}`,
    email,
    createdAt,
    productIds: Array.from({ length: units }, () => product.id),
    status: "Pagado",
    payMethod: method,
  });
  await db.update(orders).set({ paidAt: new Date(Date.now() - 86_400_000), unitsHeld: false }).where(eq(orders.id, order.id));
  const attempt = await addAttempt(db, order.id, { amountCents: order.amountCents, state: "pagado", method });
  return { order: { ...order, paidAt: new Date() }, attempt };
}

export async function addAttempt(db: Database, orderId: number, fields: { amountCents: number; state: AttemptState; method?: OnlineMethod; responseCode?: string; responseMeaning?: string }) {
  const code = newRedsysOrderCode((count) => randomBytes(count));
  const paid = fields.state === "pagado" || fields.state === "a reembolsar";
  const [row] = await db
    .insert(paymentAttempts)
    .values({
      orderId,
      code,
      method: fields.method ?? "tarjeta",
      amountCents: fields.amountCents,
      state: fields.state,
      responseCode: fields.responseCode ?? (paid ? "0000" : fields.state === "denegado" ? "0190" : null),
      responseMeaning: fields.responseMeaning ?? (paid ? "Operación autorizada" : fields.state === "denegado" ? "Denegación del emisor sin especificar motivo" : null),
      authorisationCode: paid ? "A1B2C3" : null,
      notifiedAt: fields.state === "pendiente" ? null : new Date(),
      notificationCount: fields.state === "pendiente" ? 0 : 1,
    })
    .returning();
  return row!;
}

export type FakeMode = "accept" | "deny" | "error" | "bad-signature" | "other-amount" | "silent";
export type FakeCall = { order: string; amountCents: number; signatureOk: boolean };

/**
 * Redsys's REST entry as a fetch function. `hold()` makes the next answers wait until
 * `release()`, so a test can look at the database while a refund is in flight.
 */
export function fakeRedsysRest(config: RedsysConfig = REDSYS) {
  let mode: FakeMode = "accept";
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  const calls: FakeCall[] = [];
  let authorisations = 0;
  const impl = (async (url: string | URL | Request, init?: RequestInit) => {
    if (String(url) !== config.restUrl) throw new TypeError(`fetch inesperado a ${String(url)}`);
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    const parameters = decodeParameters(body.Ds_MerchantParameters ?? "") ?? {};
    const order = parameters.DS_MERCHANT_ORDER ?? "";
    const amountCents = Number(parameters.DS_MERCHANT_AMOUNT);
    const signatureOk = verify(config.secretKey, order, body.Ds_MerchantParameters ?? "", body.Ds_Signature ?? "");
    calls.push({ order, amountCents, signatureOk });
    if (gate) await gate.promise;
    if (!signatureOk) return Response.json({ errorCode: "SIS0042" });
    if (mode === "silent") {
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    }
    if (mode === "error") return Response.json({ errorCode: "SIS0057" });
    authorisations += 1;
    const answer = {
      Ds_Amount: mode === "other-amount" ? String(amountCents + 1) : String(amountCents),
      Ds_Currency: "978",
      Ds_Order: order,
      Ds_MerchantCode: config.merchantCode,
      Ds_Terminal: "1",
      Ds_Response: mode === "deny" ? "0950" : "0900",
      Ds_AuthorisationCode: mode === "deny" ? "" : `R${String(authorisations).padStart(5, "0")}`,
      Ds_TransactionType: "3",
    };
    const key = mode === "bad-signature" ? "Mk9m98IfEblmPfrpsawt7BmxObt98Jev" : config.secretKey;
    return Response.json(signedMessage(key, order, answer));
  }) as typeof fetch;
  return {
    impl,
    calls,
    setMode(next: FakeMode) {
      mode = next;
    },
    hold() {
      let open!: () => void;
      gate = { promise: new Promise<void>((resolve) => (open = resolve)), open };
    },
    release() {
      gate?.open();
      gate = null;
    },
  };
}
