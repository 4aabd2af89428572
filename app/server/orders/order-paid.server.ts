import type { Transaction } from "../db/client.server";
import { issueInvoice } from "../invoices/issue-invoice.server";
import { startPlansForOrder } from "../maintenance/plan-sales.server";

/*
 * What follows an order's payment, in the transaction that records it, whichever way it came
 * (the administrator's «Pagado», Redsys's notification): the invoice (issue 13; its e-mail goes
 * after the payment's) and a maintenance plan for each yearly maintenance line (issue 31).
 */
export async function afterOrderPaid(tx: Transaction, orderId: number, now: Date): Promise<void> {
  await issueInvoice(tx, orderId, now);
  await startPlansForOrder(tx, orderId, now);
}
