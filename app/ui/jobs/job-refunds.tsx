import { chargeWords, type JobChargeKind } from "~/domain/jobs/job-charges";
import type { JobKind } from "~/domain/jobs/job-kinds";
import { JOB_REFUND_FIELD } from "~/domain/payments/refund-form";
import type { PaymentsView, RefundReplyView } from "../orders/order-payments";
import { RefundsPanel } from "../payments/refunds-panel";
import { Price } from "../price";

/*
 * «Devoluciones» on a job's back-office page (issue 31): one refund panel per charge that took
 * money (a deposit, a call-out paid online, a final balance), each posting the charge's id.
 */

export type JobRefundPanel = { chargeId: number; kind: JobChargeKind; amountCents: number; view: PaymentsView };

export function JobRefunds({ panels, jobKind, reply }: { panels: JobRefundPanel[]; jobKind: JobKind; reply: RefundReplyView | undefined }) {
  return (
    <section className="admin-section" id="devoluciones" aria-labelledby="trabajo-devoluciones">
      <h2 id="trabajo-devoluciones">Devoluciones</h2>
      {panels.map((panel) => {
        const label = chargeWords(panel.kind, jobKind).label;
        return (
          <div key={panel.chargeId}>
            <h3>
              {label} · <Price cents={panel.amountCents} />
            </h3>
            <RefundsPanel
              view={panel.view}
              reply={reply}
              caption={`Reembolsos: ${label.toLowerCase()}`}
              scope={{ name: JOB_REFUND_FIELD, value: String(panel.chargeId), idPrefix: `cobro-${panel.chargeId}-` }}
            />
          </div>
        );
      })}
    </section>
  );
}
