import type { RefundFormErrors, RefundIntent } from "~/domain/payments/refund-form";
import { Price } from "../price";

/*
 * The order page's "Pagos" (issue 12): the card and Bizum attempts with Redsys's answers. Its
 * "Reembolsos" are the refunds panel (../payments/refunds-panel.tsx), shared with a job's charges.
 */

export type AttemptView = {
  id: number;
  date: string;
  method: string;
  code: string;
  amountCents: number;
  state: "pendiente" | "pagado" | "denegado" | "a reembolsar";
  stateLabel: string;
  flagged: boolean;
  response: string | null;
  authorisationCode: string | null;
  leftCents: number;
  leftInput: string;
};

export type RefundView = {
  id: number;
  date: string;
  means: string;
  attemptCode: string | null;
  amountCents: number;
  state: "enviando" | "hecho" | "rechazado";
  stateLabel: string;
  refundedOn: string | null;
  reference: string | null;
  response: string | null;
  reason: string;
  actor: string;
  settleable: boolean;
  closesWithdrawal: boolean;
};

export type PaymentsView = {
  paidCents: number;
  refundedCents: number;
  pendingCents: number;
  leftCents: number;
  leftInput: string;
  redsysEnabled: boolean;
  attempts: AttemptView[];
  refunds: RefundView[];
  /** The earliest day a refund transfer may carry (the order's, the charge's payment). */
  orderDay: string;
  today: string;
  openWithdrawalId: number | null;
};

export type RefundReplyView = { intent: RefundIntent; errors: RefundFormErrors; values: Record<string, string> };

export function stateBadge(label: string, tone: "ok" | "warn" | "error" | null) {
  return <span className={`admin-badge${tone ? ` admin-badge-${tone}` : ""}`}>{label}</span>;
}

export function OrderPayments({ attempts }: { attempts: AttemptView[] }) {
  if (attempts.length === 0) return <p className="admin-muted">Ningún pago con tarjeta ni Bizum.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table stack">
        <caption className="visually-hidden">Pagos con tarjeta y Bizum del pedido</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Medio</th>
            <th scope="col">Código Redsys</th>
            <th scope="col" className="num">
              Importe
            </th>
            <th scope="col">Estado</th>
            <th scope="col">Respuesta</th>
            <th scope="col">Autorización</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td data-label="Fecha">{attempt.date}</td>
              <td data-label="Medio">{attempt.method}</td>
              <td data-label="Código Redsys">
                <code>{attempt.code}</code>
              </td>
              <td data-label="Importe" className="num">
                <Price cents={attempt.amountCents} />
              </td>
              <td data-label="Estado">
                {stateBadge(attempt.stateLabel, attempt.flagged ? "warn" : attempt.state === "denegado" ? "error" : attempt.state === "pagado" ? "ok" : null)}
              </td>
              <td data-label="Respuesta">{attempt.response ?? "—"}</td>
              <td data-label="Autorización">{attempt.authorisationCode ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

