import { eq } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { formatEuros } from "~/domain/money";
import { isAuthorised, responseMeaning } from "~/domain/payments/redsys-codes";
import { PAY_METHOD_LABELS } from "~/domain/payments/payment-methods";
import { canMove } from "~/domain/orders/order-status";
import { audit } from "../audit.server";
import { config, publicShopInfo, type RedsysConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { paymentAttempts } from "./payments-schema.server";
import { log } from "../log.server";
import { enqueue } from "../outbox.server";
import { recordOrderNote, recordStatusMove } from "../orders/order-moves.server";
import { takeUnits } from "../orders/order-units.server";
import { afterOrderPaid } from "../orders/order-paid.server";
import { statusEmail } from "../orders/status-emails.server";
import { applyJobNotification, type SettledFields } from "./job-notification.server";
import { param, verifyMessage } from "./redsys-signature.server";
import { keepsCard } from "./attempts.server";
import { keepCard } from "./stored-cards.server";
import { storedCardFrom, withoutCardCredentials } from "~/domain/payments/stored-card";

/*
 * Redsys's notification of a payment (issue 12). Trusted only when its signature is right
 * under the attempt's key AND order code, amount, currency, merchant and terminal are those
 * of the attempt; anything else is refused, logged and changes nothing.
 *
 * Idempotent: the order row, then the attempt row, are locked; only a notification finding
 * the attempt "pendiente" settles it. A repeated or late one is counted and changes nothing.
 * An authorisation for an order that is no longer waiting for its money (paid by another
 * attempt or by transfer, or cancelled) is never applied twice: that attempt becomes
 * "a reembolsar" and the back office is told to refund it.
 *
 * An attempt for a job's charge (issue 17) is settled by job-notification.server.ts after the
 * same checks, under the job's and the charge's row locks, with the same rules.
 */

export type NotificationFields = { Ds_SignatureVersion?: unknown; Ds_MerchantParameters?: unknown; Ds_Signature?: unknown };

export type NotificationOutcome =
  | { ok: true; outcome: "pagado" | "denegado" | "a reembolsar" | "repetida"; order: string }
  | { ok: true; outcome: "pagado" | "denegado" | "a reembolsar" | "repetida"; quote: string }
  | { ok: false; reason: string };

function refuse(reason: string, facts: Record<string, unknown> = {}): NotificationOutcome {
  log("pagos").warn({ ...facts }, `notificación de Redsys rechazada: ${reason}`);
  return { ok: false, reason };
}

const sameTerminal = (a: string | undefined, b: string) => a !== undefined && /^\d{1,3}$/.test(a) && Number(a) === Number(b);

export async function handleNotification(db: Database, cfg: RedsysConfig, fields: NotificationFields, now = new Date()): Promise<NotificationOutcome> {
  const message = verifyMessage(cfg.secretKey, fields);
  if (!message.ok) return refuse(message.reason);
  const p = message.parameters;
  const code = message.order;
  const facts = { intento: code, importe: param(p, "Ds_Amount"), respuesta: param(p, "Ds_Response") };

  if (param(p, "Ds_MerchantCode") !== cfg.merchantCode) return refuse("otro comercio", facts);
  if (!sameTerminal(param(p, "Ds_Terminal"), cfg.terminal)) return refuse("otro terminal", facts);
  if (param(p, "Ds_Currency") !== "978") return refuse("otra moneda", facts);
  const type = param(p, "Ds_TransactionType");
  if (type !== undefined && type !== "0") return refuse(`tipo de operación ${type}`, facts);
  const response = param(p, "Ds_Response") ?? "";
  if (!/^\d{1,4}$/.test(response)) return refuse("sin código de respuesta", facts);

  const [known] = await db
    .select({ orderId: paymentAttempts.orderId, chargeId: paymentAttempts.chargeId, amountCents: paymentAttempts.amountCents })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.code, code));
  if (!known) return refuse("intento desconocido", facts);
  if (param(p, "Ds_Amount") !== String(known.amountCents)) return refuse("importe distinto del intento", facts);

  const meaning = responseMeaning(response);
  // What charges a kept card is written only to stored_cards, never with the notification.
  const settled: SettledFields = {
    responseCode: response,
    responseMeaning: meaning,
    authorisationCode: isAuthorised(response) ? (param(p, "Ds_AuthorisationCode")?.trim() ?? null) : null,
    notification: withoutCardCredentials(p),
    notifiedAt: now,
  };

  // One verification, two appliers: a job's deposit or final balance (issue 17), or an order.
  if (known.chargeId !== null) {
    const applied = await applyJobNotification(db, known.chargeId, code, settled, now);
    if (!applied) return refuse("intento desconocido", facts);
    log("pagos").info({ intento: code, presupuesto: applied.quoteNumber, respuesta: response }, `notificación de Redsys: ${applied.kind}`);
    return { ok: true, outcome: applied.kind, quote: applied.quoteNumber };
  }
  const orderId = known.orderId!;

  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.code, code)).for("update");
    if (!order || !attempt) return null;
    await tx
      .update(paymentAttempts)
      .set({ notificationCount: attempt.notificationCount + 1 })
      .where(eq(paymentAttempts.id, attempt.id));
    if (attempt.state !== "pendiente") return { kind: "repetida" as const, order };

    const method = PAY_METHOD_LABELS[attempt.method];
    const amount = formatEuros(attempt.amountCents);

    if (!isAuthorised(response)) {
      await tx.update(paymentAttempts).set({ ...settled, state: "denegado" }).where(eq(paymentAttempts.id, attempt.id));
      await recordOrderNote(tx, order, { actor: "Redsys", details: { pago: `${method} denegado (${amount})`, respuesta: `${response} ${meaning}`, intento: code }, now });
      return { kind: "denegado" as const, order };
    }

    if (!canMove(order.status, "Pagado", "redsys")) {
      // Money taken for an order that is not waiting for it: record it, never apply it twice.
      await tx.update(paymentAttempts).set({ ...settled, state: "a reembolsar" }).where(eq(paymentAttempts.id, attempt.id));
      await recordOrderNote(tx, order, { actor: "Redsys", details: { pago: `${method} cobrado de nuevo (${amount}): reembolsar`, intento: code }, now });
      await audit(tx, "sistema", {
        action: "cobro a reembolsar",
        entity: "pedido",
        entityId: order.number,
        before: { intento: code, estado: "pendiente" },
        after: { intento: code, estado: "a reembolsar", importe: amount, pedido: order.status },
      });
      await enqueue(tx, "email", duplicateChargeEmail(order.number, code, amount, order.status), { ref: orderRef(order.id) });
      return { kind: "a reembolsar" as const, order };
    }

    // The order is paid: its units are held (or taken again if its window had closed).
    const units = await takeUnits(tx, order.id, now);
    await tx.update(paymentAttempts).set({ ...settled, state: "pagado" }).where(eq(paymentAttempts.id, attempt.id));
    const details: Record<string, string> = { pago: `${method} (${amount})`, autorizacion: settled.authorisationCode ?? "", intento: code };
    if (!units.ok) details.aviso = `Pagado fuera de plazo y sin existencias de: ${units.missing.join(", ")}. Reponga o reembolse.`;
    const paid = await recordStatusMove(tx, order, {
      to: "Pagado",
      way: "redsys",
      actor: "Redsys",
      set: { paidAt: now, payMethod: attempt.method, bankReference: settled.authorisationCode, holdUntil: null },
      details,
      now,
    });
    await audit(tx, "sistema", {
      action: "pago por Redsys",
      entity: "pedido",
      entityId: order.number,
      before: { status: order.status, payMethod: order.payMethod },
      after: { status: "Pagado", payMethod: attempt.method, intento: code, autorizacion: settled.authorisationCode, ...(units.ok ? {} : { sinExistencias: units.missing }) },
    });
    const mail = statusEmail(paid, "Pagado", { now });
    if (mail) await enqueue(tx, "email", { ...mail }, { ref: orderRef(order.id) });
    // The card Redsys kept for the plans' renewals (issue 31), before the plans that renew with it.
    if (keepsCard(order, attempt)) {
      const card = storedCardFrom(p);
      if (card) await keepCard(tx, { orderId: order.id, email: order.userEmail, code, card, now });
      else log("pagos").warn({ intento: code, pedido: order.number }, "pago autorizado sin la referencia de la tarjeta: los planes se renovarán por transferencia");
    }
    // The invoice (its e-mail after the payment's) and any maintenance plan, with the payment.
    await afterOrderPaid(tx, order.id, now);
    if (!units.ok) await enqueue(tx, "email", outOfStockEmail(order.number, units.missing), { ref: orderRef(order.id) });
    return { kind: "pagado" as const, order, retook: units.ok && units.taken > 0 };
  });

  if (!outcome) return refuse("intento desconocido", facts);
  log("pagos").info({ intento: code, pedido: outcome.order.number, respuesta: response }, `notificación de Redsys: ${outcome.kind}`);
  return { ok: true, outcome: outcome.kind, order: outcome.order.number };
}

function shopMessage(subject: string, lines: string[]) {
  const shop = publicShopInfo();
  return { to: config().SHOP_EMAIL, subject: `${shop.name}: ${subject}`, text: [...lines, "", shop.baseUrl].join("\n") };
}

function duplicateChargeEmail(number: string, code: string, amount: string, status: string) {
  return shopMessage(`cobro a reembolsar en el pedido ${number}`, [
    `Redsys ha autorizado un cobro de ${amount} (intento ${code}) para el pedido ${number}, que ya estaba «${status}».`,
    "El cobro no se ha aplicado al pedido. Reembólselo desde la página del pedido en la administración:",
    `${publicShopInfo().baseUrl}/admin/pedidos/${number}`,
  ]);
}

function outOfStockEmail(number: string, missing: string[]) {
  return shopMessage(`pedido ${number} pagado sin existencias`, [
    `El pedido ${number} se ha pagado después de cerrarse su plazo de pago y ya no quedan unidades de: ${missing.join(", ")}.`,
    "Reponga las unidades o reembolse el pago desde la administración:",
    `${publicShopInfo().baseUrl}/admin/pedidos/${number}`,
  ]);
}
