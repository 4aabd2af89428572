import { formatYmd } from "../dates/madrid-dates";
import { formatEuros } from "../money";

/*
 * A plan's yearly renewal (issue 31): "pendiente" from the notice until paid; "pagada" issues its
 * invoice; "vencida" when 30 days passed unpaid and the plan ended; "anulada" when the plan was
 * cancelled before it was paid.
 */
export const RENEWAL_STATES = ["pendiente", "pagada", "vencida", "anulada"] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];

export const RENEWAL_STATE_LABELS: Record<RenewalState, string> = {
  pendiente: "Pendiente de pago",
  pagada: "Pagada",
  vencida: "Vencida sin pagar",
  anulada: "Anulada",
};

/** The transfer's concept, so the owner matches the bank's line to the renewal. */
export function renewalTransferConcept(planId: number, renewsOn: string): string {
  return `Plan ${planId} ${renewsOn.slice(0, 4)}`;
}

/** The invoice line of a renewal: the plan and the year it pays for. */
export function renewalInvoiceLine(title: string, planId: number, renewsOn: string, endsOn: string): string {
  return `${title} (plan n.º ${planId}), del ${formatYmd(renewsOn)} al ${formatYmd(endsOn)}`;
}

export function renewalAmountText(cents: number): string {
  return `${formatEuros(cents)} (IVA incluido)`;
}
