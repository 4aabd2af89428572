import { and, eq } from "drizzle-orm";
import { formatDate, formatDateTime } from "~/domain/dates/madrid-dates";
import { formatEuros } from "~/domain/money";
import { withdrawalState } from "~/domain/orders/withdrawal";
import { config, publicShopInfo } from "../config.server";
import { getDb } from "../db/db.server";
import { orders, withdrawals } from "./orders-schema.server";
import { enqueue } from "../outbox.server";
import type { SessionUser } from "../session.server";

/*
 * The withdrawal function of Directive 2023/2673 (issue 5): the customer confirms, the
 * request is recorded once per order with its date and time, and in the same transaction an
 * acknowledgement for the customer and a notice for the shop go to the outbox.
 */

export type WithdrawalOutcome =
  | { kind: "recorded"; at: Date }
  | { kind: "already"; at: Date }
  | { kind: "expired"; deadline: Date }
  | { kind: "not-applicable" }
  | { kind: "not-found" };

export async function requestWithdrawal(
  user: SessionUser,
  number: string,
  reason: string,
  now = new Date(),
): Promise<WithdrawalOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.number, number), eq(orders.userId, user.id)))
      .for("update")
      .limit(1);
    if (!order) return { kind: "not-found" };
    const [existing] = await tx.select().from(withdrawals).where(eq(withdrawals.orderId, order.id)).limit(1);
    const state = withdrawalState(order, existing?.createdAt ?? null, now);
    if (state.kind === "requested") return { kind: "already", at: state.at };
    if (state.kind !== "open") return state;

    const [row] = await tx
      .insert(withdrawals)
      .values({ orderId: order.id, userEmail: user.email, reason, createdAt: now })
      .onConflictDoNothing({ target: withdrawals.orderId })
      .returning();
    if (!row) {
      // Another request for the same order won the race: it is recorded once.
      const [winner] = await tx.select().from(withdrawals).where(eq(withdrawals.orderId, order.id)).limit(1);
      return { kind: "already", at: winner?.createdAt ?? now };
    }
    const mail = withdrawalMails({
      number: order.number,
      orderDate: order.createdAt,
      amountCents: order.amountCents,
      customerEmail: user.email,
      reason,
      at: row.createdAt,
    });
    await enqueue(tx, "email", mail.customer);
    await enqueue(tx, "email", mail.shop);
    return { kind: "recorded", at: row.createdAt };
  });
}

type MailFacts = {
  number: string;
  orderDate: Date;
  amountCents: number;
  customerEmail: string;
  reason: string;
  at: Date;
};

/** The acknowledgement (the durable medium the directive asks for) and the shop's notice. */
export function withdrawalMails(facts: MailFacts) {
  const c = config();
  const shop = publicShopInfo();
  const reasonLine = facts.reason ? `Motivo indicado: ${facts.reason}` : "Motivo: no indicado (no es obligatorio).";
  const customer = {
    to: facts.customerEmail,
    replyTo: shop.email,
    subject: `${shop.name}: acuse de recibo de su desistimiento del pedido ${facts.number}`,
    text: [
      "Hola,",
      "",
      `Hemos recibido su solicitud de desistimiento del contrato del pedido ${facts.number}.`,
      "",
      `Pedido: ${facts.number}, del ${formatDate(facts.orderDate)}, importe ${formatEuros(facts.amountCents)}.`,
      `Solicitud recibida el ${formatDateTime(facts.at)} (hora de Madrid).`,
      reasonLine,
      "",
      "Próximos pasos:",
      "- Si ya ha recibido los productos, devuélvalos en un plazo de 14 días desde esta comunicación; los gastos de devolución corren de su cuenta.",
      "- Si ya ha pagado, le reembolsaremos lo pagado en un plazo máximo de 14 días, por el mismo medio de pago que utilizó; podemos esperar a recibir los productos o la prueba de su envío.",
      `- Para cualquier duda, responda a este email o llámenos al ${shop.phone}.`,
      "",
      "Guarde este mensaje: es el justificante de su solicitud.",
      "",
      shop.name,
    ].join("\n"),
  };
  const notice = {
    to: c.SHOP_EMAIL,
    replyTo: facts.customerEmail,
    subject: `Desistimiento del pedido ${facts.number}`,
    text: [
      `El cliente ${facts.customerEmail} ha desistido del contrato del pedido ${facts.number}.`,
      "",
      `Pedido del ${formatDate(facts.orderDate)}, importe ${formatEuros(facts.amountCents)}.`,
      `Solicitud registrada el ${formatDateTime(facts.at)} (hora de Madrid).`,
      reasonLine,
      "",
      "Se le ha enviado un acuse de recibo. Gestione la devolución y el reembolso (plazo legal: 14 días).",
    ].join("\n"),
  };
  return { customer, shop: notice };
}
