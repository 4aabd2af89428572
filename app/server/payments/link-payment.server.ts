import { asc, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { orderVat } from "~/domain/basket/basket-vat";
import { isAwaitingPayment, isCancelled } from "~/domain/orders/order-status";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { config, redsysConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { isLinkToken } from "../link-tokens.server";
import { orderLines } from "../orders/orders-schema.server";
import { paymentView, transferView } from "../orders/my-orders.server";
import { orderByPayToken, payLinkPath } from "../orders/phone-orders.server";
import { clientAddress, hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { attemptsOf, findAttempt, signedPaymentForm } from "./attempts.server";
import { payAgain, type PayAgainChoice } from "./pay-again.server";

/*
 * A phone order's payment link, /pedido/pagar/:token (issue 30): no sign-in, the token is the
 * key. The order's lines and total and, while it waits for its money, the three ways to pay
 * of "Mis Pedidos" (card and Bizum through the same Redsys attempts, or a switch to transfer:
 * payAgain); once it no longer waits, what became of it. Its posts are rate-limited as the
 * quote links' are.
 */

export function linkPaymentRateLimit(): RateLimitRule {
  return { prefix: "pago-enlace", max: config().QUOTE_RATE_LIMIT, windowMs: 10 * 60_000 };
}

export function returnPath(token: string, code: string): string {
  return `${payLinkPath(token)}/vuelta?intento=${encodeURIComponent(code)}`;
}

/** Why an order no longer takes a payment, in words for the customer; null while it waits. */
function closedMessage(order: { status: string; cancelReason: string | null }): string | null {
  if (isAwaitingPayment(order.status)) return null;
  if (isCancelled(order.status)) {
    return `Este pedido está cancelado${order.cancelReason ? ` (${order.cancelReason})` : ""}: ya no se puede pagar. Si aún lo quiere, llámenos al ${config().SHOP_PHONE}.`;
  }
  return `Este pedido ya está pagado: su estado es «${order.status}». Gracias.`;
}

export async function loadLinkPayment(db: Database, token: string, code: string | null) {
  const order = await orderByPayToken(db, token);
  if (!order) return null;
  const redsys = redsysConfig();
  if (code !== null) {
    // On the way to Redsys: the signed form of this attempt, while it can still be paid.
    const attempt = REDSYS_ORDER_PATTERN.test(code) ? await findAttempt(db, order.id, code) : null;
    if (!attempt) return null;
    if (!isAwaitingPayment(order.status) || attempt.state !== "pendiente" || !redsys) return { kind: "redirect" as const, to: returnPath(token, code) };
    const form = signedPaymentForm(redsys, attempt, { returnPath: returnPath(token, code), description: `Pedido ${order.number}`, merchantData: order.number });
    return { kind: "redsys" as const, number: order.number, code, method: attempt.method, amountCents: attempt.amountCents, form };
  }
  const [lines, attempts] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    attemptsOf(db, order.id),
  ]);
  const vat = orderVat(order.amountCents, order.addressSend.cp, order.vatExempt);
  return {
    kind: "order" as const,
    number: order.number,
    name: order.addressSend.nombre,
    date: formatDateTime(order.createdAt),
    closed: closedMessage(order),
    payment: paymentView(order, attempts[0]),
    transfer: transferView(order),
    lines: lines.map((line) => ({ name: `${line.brand} ${line.model}`.trim(), type: line.type, gas: line.gas, region: line.region, priceCents: line.priceCents })),
    shippingCents: order.shippingCents,
    amountCents: order.amountCents,
    withoutVatCents: vat.withoutVatCents,
    vatExempt: vat.vatExempt,
  };
}

const CHOICES = new Set<string>(["tarjeta", "bizum"]);

/** The three forms of the page: pay by card or Bizum (to Redsys), or switch to a transfer (back here). */
export async function linkPaymentAction(request: Request, token: string | undefined) {
  // The body first (413, 415 like every form), then the link: an unknown one is a 404.
  const form = await readForm(request);
  if (!isLinkToken(token)) throw data(null, { status: 404 });
  const intent = form.get("intent");
  const method = form.get("metodo");
  const choice: PayAgainChoice | null = intent === "transferencia" ? "transferencia" : intent === "pagar" && typeof method === "string" && CHOICES.has(method) ? (method as PayAgainChoice) : null;
  if (!choice) return data({ payError: "Elija cómo quiere pagar: tarjeta, Bizum o transferencia." }, { status: 400 });
  const db = await getDb();
  if (!(await hitRateLimit(db, linkPaymentRateLimit(), clientAddress(request)))) {
    return data({ payError: "Ha hecho demasiados intentos seguidos. Espere unos minutos e inténtelo de nuevo." }, { status: 429, headers: { "Retry-After": "600" } });
  }
  const result = await payAgain(db, { payToken: token }, choice);
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    return data({ payError: result.message }, { status: result.status });
  }
  throw redirect(result.redirect);
}

/** Where Redsys sends the customer back: what the server knows of the attempt. */
export async function loadLinkReturn(db: Database, token: string, code: string) {
  const order = await orderByPayToken(db, token);
  const attempt = order && REDSYS_ORDER_PATTERN.test(code) ? await findAttempt(db, order.id, code) : null;
  if (!order || !attempt) return null;
  const last = (await attemptsOf(db, order.id))[0];
  return {
    number: order.number,
    status: order.status,
    payment: paymentView(order, last),
    state: attempt.state,
    meaning: attempt.responseMeaning,
    method: attempt.method === "bizum" ? "Bizum" : "tarjeta",
    amountCents: attempt.amountCents,
  };
}
