import { and, eq, sql } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { AWAITING_PAYMENT, canMove, canUndoPayment } from "~/domain/orders/order-status";
import { formatEuros } from "~/domain/money";
import { actorName, audit, type Actor } from "../audit.server";
import { config, publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { invoiceAnnulments, invoices } from "./invoices-schema.server";
import { enqueue } from "../outbox.server";
import { recordStatusMove } from "../orders/order-moves.server";
import { hasRefunds } from "../payments/refunds.server";
import { currentInvoice } from "./order-invoices.server";
import { recordAnnulledInvoice } from "./verifactu-chain.server";

/*
 * Undoing a transfer recorded against the wrong order (issue 13, decision 0008). The invoice
 * the mistaken "Pagado" issued should never have existed: it is annulled (kept as issued,
 * marked in invoice_annulments, with its VERI*FACTU registro de anulación in the chain), the
 * order goes back to "Pendiente de Pago" with a fresh transfer period, and the customer is
 * told. Its next payment issues a new invoice. Only for transfers (a card payment is the bank's
 * word, refunded instead), and only while nothing followed the payment (no rectification, no
 * refund, not shipped or scheduled: the order is still "Pagado").
 */

export const UNDO_PAYMENT_MESSAGES = {
  notPaid: (status: string) => `Solo se puede deshacer el pago de un pedido «Pagado»; este está «${status}».`,
  notTransfer: "Solo se deshace un pago por transferencia registrado por error; un pago con tarjeta o Bizum se reembolsa.",
  followed: "Este pago ya tiene reembolsos o facturas rectificativas: no se puede deshacer, cancele el pedido o reembólselo.",
} as const;

export type UndoResult = { ok: true; annulled: string | null } | { ok: false; status: 404 | 409; message: string };

export async function undoMistakenPayment(db: Database, actor: Actor, number: string, reason: string, now = new Date()): Promise<UndoResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update").limit(1);
    if (!order) return { ok: false, status: 404, message: "Este pedido no existe." };
    if (!canMove(order.status, AWAITING_PAYMENT, "undo-payment")) return { ok: false, status: 409, message: UNDO_PAYMENT_MESSAGES.notPaid(order.status) };
    if (!canUndoPayment(order)) return { ok: false, status: 409, message: UNDO_PAYMENT_MESSAGES.notTransfer };
    const invoice = await currentInvoice(tx, order.id);
    const [followed] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.series, "R")));
    if (Number(followed?.n) > 0 || (await hasRefunds(tx, order.id))) return { ok: false, status: 409, message: UNDO_PAYMENT_MESSAGES.followed };

    // Back to waiting for the transfer, with a fresh transfer period (its days count from now).
    await recordStatusMove(tx, order, {
      to: AWAITING_PAYMENT,
      way: "undo-payment",
      actor: actorName(actor),
      set: { paidAt: null, bankReference: null, transferSince: now },
      details: { motivo: `Pago registrado por error: ${reason}`, ...(invoice ? { factura: `${invoice.number} anulada` } : {}) },
      now,
    });
    await audit(tx, actor, {
      action: "deshacer pago",
      entity: "pedido",
      entityId: order.number,
      before: { status: "Pagado", paidAt: order.paidAt, bankReference: order.bankReference },
      after: { status: "Pendiente de Pago", motivo: reason, facturaAnulada: invoice?.number ?? null },
    });
    if (invoice) {
      await tx.insert(invoiceAnnulments).values({ invoiceId: invoice.id, reason, annulledAt: now, actor: actorName(actor) });
      await recordAnnulledInvoice(tx, invoice, now);
    }
    const shop = publicShopInfo();
    await enqueue(
      tx,
      "email",
      {
        to: order.userEmail,
        replyTo: config().SHOP_EMAIL,
        subject: `${shop.name}: su pedido ${order.number} sigue pendiente de pago`,
        text: [
          "Hola:",
          "",
          `Por un error nuestro marcamos como pagado su pedido ${order.number}, pero no hemos recibido su transferencia de ${formatEuros(order.amountCents)}. Su pedido sigue pendiente de pago y lo mantenemos.`,
          ...(invoice ? [`La factura ${invoice.number} que le enviamos queda anulada: no tiene validez. Recibirá la factura definitiva cuando recibamos el pago.`] : []),
          "",
          `Puede ver el pedido y los datos para la transferencia en «Mis Pedidos»: ${shop.baseUrl}/login/pedidos/${order.number}`,
          "Disculpe las molestias.",
          "",
          `${shop.legalName} · ${shop.baseUrl}`,
        ].join("\n"),
      },
      { ref: orderRef(order.id) },
    );
    return { ok: true, annulled: invoice?.number ?? null };
  });
}
