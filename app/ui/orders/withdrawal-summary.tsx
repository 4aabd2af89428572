import type { ReactNode } from "react";
import { Link } from "react-router";
import type { WithdrawalView } from "~/domain/orders/withdrawal-handling";
import { WITHDRAWAL_STATE_LABELS, type WithdrawalHandling } from "~/domain/orders/withdrawal-state";
import { Price } from "../price";

/*
 * A withdrawal in a few lines, for the order page (issue 11: "Withdrawals appear on the order
 * and in their own list"). The loader builds the view with withdrawalOfOrder
 * (app/server/orders/withdrawal-handling.server.ts) and withdrawalView (domain); the
 * handling itself happens on the withdrawal's own page, linked from here.
 */

const BADGE: Record<WithdrawalHandling, string> = {
  recibido: "admin-badge admin-badge-warn",
  devuelto: "admin-badge admin-badge-warn",
  reembolsado: "admin-badge admin-badge-ok",
};

export function WithdrawalBadge({ state }: { state: WithdrawalHandling }) {
  return <span className={BADGE[state]}>{WITHDRAWAL_STATE_LABELS[state]}</span>;
}

/** The withdrawal's facts as label and value; `children` (more dt/dd pairs) come first in the same list. */
export function WithdrawalFacts({ withdrawal, children }: { withdrawal: WithdrawalView; children?: ReactNode }) {
  return (
    <dl className="admin-details">
      {children}
      <dt>Solicitado</dt>
      <dd>{withdrawal.requestedAt}</dd>
      <dt>Estado</dt>
      <dd>
        <WithdrawalBadge state={withdrawal.state} />
      </dd>
      <dt>Motivo</dt>
      <dd>{withdrawal.reason ? <span className="admin-pre">{withdrawal.reason}</span> : <span className="admin-muted">Sin motivo indicado</span>}</dd>
      {withdrawal.goodsReturnedOn ? (
        <>
          <dt>Mercancía devuelta</dt>
          <dd>{withdrawal.goodsReturnedOn}</dd>
        </>
      ) : null}
      {withdrawal.refundedOn && withdrawal.refundCents !== null ? (
        <>
          <dt>Reembolsado</dt>
          <dd>
            <Price cents={withdrawal.refundCents} /> el {withdrawal.refundedOn}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function WithdrawalSummary({ withdrawal, headingLevel = 2 }: { withdrawal: WithdrawalView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `desistimiento-${withdrawal.id}-resumen`;
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <Heading id={titleId}>Desistimiento del contrato</Heading>
      <WithdrawalFacts withdrawal={withdrawal} />
      <p>
        <Link to={`/admin/desistimientos/${withdrawal.id}`}>
          {withdrawal.state === "reembolsado" ? "Ver el desistimiento" : "Gestionar el desistimiento"}
        </Link>
      </p>
    </section>
  );
}
