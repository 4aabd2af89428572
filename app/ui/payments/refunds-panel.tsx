import { Form, useNavigation } from "react-router";
import { formatEuros } from "~/domain/money";
import { REFUND_REASON_MAX, REFUND_REFERENCE_MAX, type RefundFormErrors } from "~/domain/payments/refund-form";
import { stateBadge, type AttemptView, type PaymentsView, type RefundReplyView, type RefundView } from "../orders/order-payments";
import { DescribedField } from "../admin/described-field";
import { Price } from "../price";

/*
 * What was paid and given back, with the forms that give money back (issue 12 for an order;
 * issue 31 for a job's charge, one panel per charge): a Redsys refund per card or Bizum payment,
 * a transfer recorded, an unanswered refund settled by hand. Plain posts that work without
 * JavaScript; the action checks everything again (app/server/payments/refund-action.server.ts,
 * job-refund-action.server.ts). A panel of a job's charge carries its id (`scope`) in every form,
 * and its ids are prefixed so that two panels live on one page.
 */

/** The hidden field that says whose refund it is (a job's charge), and the prefix of the panel's ids. */
export type RefundScope = { name: string; value: string; idPrefix: string };

type PanelProps = { view: PaymentsView; reply: RefundReplyView | undefined; scope?: RefundScope; caption?: string };

function ScopeField({ scope }: { scope?: RefundScope }) {
  return scope ? <input type="hidden" name={scope.name} value={scope.value} /> : null;
}

const mineOf = (reply: RefundReplyView | undefined, scope?: RefundScope) => (reply && (!scope || reply.values[scope.name] === scope.value) ? reply : undefined);

type FieldProps = {
  id: string;
  name: string;
  label: string;
  errors: RefundFormErrors;
  hint?: string;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
};

/** A field of the refund forms: the form's own name on the control, its error from the reply. */
function Field({ id, name, label, errors, hint, children }: FieldProps) {
  return (
    <DescribedField id={id} label={label} error={errors[name as keyof RefundFormErrors]} hint={hint}>
      {(props) => children({ ...props, name })}
    </DescribedField>
  );
}

function FormProblem({ errors }: { errors: RefundFormErrors }) {
  const message = errors.form ?? errors.desistimiento ?? errors.pago;
  return message ? (
    <p role="alert" className="field-error">
      {message}
    </p>
  ) : null;
}

function WithdrawalBox({ id, withdrawalId, values }: { id: string; withdrawalId: number | null; values?: Record<string, string> }) {
  if (withdrawalId === null) return null;
  const checked = values ? values.desistimiento === String(withdrawalId) : true;
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" name="desistimiento" value={withdrawalId} defaultChecked={checked} />
      <label htmlFor={id}>Este reembolso cierra el desistimiento del cliente</label>
    </div>
  );
}

function SubmitButton({ intent, label, busy }: { intent: string; label: string; busy: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" className="button" disabled={sending} aria-disabled={sending || undefined}>
      {sending ? busy : label}
    </button>
  );
}

function RedsysRefundForm({ attempt, withdrawalId, reply, scope }: { attempt: AttemptView; withdrawalId: number | null; reply: RefundReplyView | undefined; scope?: RefundScope }) {
  const mine = mineOf(reply, scope)?.intent === "reembolso-redsys" && reply?.values.pago === String(attempt.id) ? reply : undefined;
  const errors = mine?.errors ?? {};
  const key = `${scope?.idPrefix ?? ""}reembolso-redsys-${attempt.id}`;
  return (
    <Form method="post" className="admin-form admin-order-move" aria-labelledby={`${key}-titulo`}>
      <fieldset>
        <legend id={`${key}-titulo`}>
          Reembolsar por Redsys: {attempt.method} <code>{attempt.code}</code>
        </legend>
        <input type="hidden" name="intent" value="reembolso-redsys" />
        <ScopeField scope={scope} />
        <input type="hidden" name="pago" value={attempt.id} />
        <FormProblem errors={errors} />
        <p className="field-hint">
          Cobrado: <Price cents={attempt.amountCents} /> · queda por devolver: <Price cents={attempt.leftCents} />
        </p>
        <Field id={`${key}-importe`} name="importe" label="Importe (€)" errors={errors} hint="En euros, con coma: 120,50">
          {(props) => <input {...props} inputMode="decimal" autoComplete="off" required defaultValue={mine?.values.importe ?? attempt.leftInput} />}
        </Field>
        <Field id={`${key}-motivo`} name="motivo" label="Motivo" errors={errors} hint="Se le indica al cliente en el e-mail.">
          {(props) => (
            <textarea {...props} rows={2} required maxLength={REFUND_REASON_MAX} defaultValue={mine?.values.motivo ?? (attempt.flagged ? "Cobro duplicado" : "")} />
          )}
        </Field>
        <WithdrawalBox id={`${key}-desistimiento`} withdrawalId={withdrawalId} values={mine?.values} />
        <p className="field-hint">La devolución llega a la misma tarjeta o cuenta Bizum; se avisa al cliente por e-mail.</p>
        <SubmitButton intent="reembolso-redsys" label="Reembolsar por Redsys" busy="Enviando a Redsys…" />
      </fieldset>
    </Form>
  );
}

function TransferRefundForm({ view, reply, scope }: PanelProps) {
  const mine = mineOf(reply, scope)?.intent === "reembolso-transferencia" ? reply : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  const key = `${scope?.idPrefix ?? ""}reembolso-transferencia`;
  return (
    <Form method="post" className="admin-form admin-order-move" aria-labelledby={`${key}-titulo`}>
      <fieldset>
        <legend id={`${key}-titulo`}>Registrar reembolso por transferencia</legend>
        <input type="hidden" name="intent" value="reembolso-transferencia" />
        <ScopeField scope={scope} />
        <FormProblem errors={errors} />
        <p className="field-hint">Haga primero la transferencia desde el banco; aquí se anota.</p>
        <div className="field-row">
          <Field id={`${key}-fecha`} name="fecha" label="Fecha de la transferencia" errors={errors}>
            {(props) => <input {...props} type="date" required min={view.orderDay} max={view.today} defaultValue={values.fecha ?? view.today} />}
          </Field>
          <Field id={`${key}-importe`} name="importe" label="Importe (€)" errors={errors}>
            {(props) => <input {...props} inputMode="decimal" autoComplete="off" required defaultValue={values.importe ?? view.leftInput} />}
          </Field>
        </div>
        <Field id={`${key}-referencia`} name="referencia" label="Referencia de la transferencia" errors={errors}>
          {(props) => <input {...props} required maxLength={REFUND_REFERENCE_MAX} autoComplete="off" defaultValue={values.referencia} />}
        </Field>
        <Field id={`${key}-motivo`} name="motivo" label="Motivo" errors={errors} hint="Se le indica al cliente en el e-mail.">
          {(props) => <textarea {...props} rows={2} required maxLength={REFUND_REASON_MAX} defaultValue={values.motivo} />}
        </Field>
        <WithdrawalBox id={`${key}-desistimiento`} withdrawalId={view.openWithdrawalId} values={mine?.values} />
        <SubmitButton intent="reembolso-transferencia" label="Registrar el reembolso" busy="Registrando…" />
      </fieldset>
    </Form>
  );
}

function SettleForm({ refund, reply, scope }: { refund: RefundView; reply: RefundReplyView | undefined; scope?: RefundScope }) {
  const mine = mineOf(reply, scope)?.intent === "reembolso-comprobado" && reply?.values.reembolso === String(refund.id) ? reply : undefined;
  return (
    <Form method="post" className="admin-refund-settle">
      <input type="hidden" name="intent" value="reembolso-comprobado" />
      <input type="hidden" name="reembolso" value={refund.id} />
      <ScopeField scope={scope} />
      {mine ? <FormProblem errors={{ form: mine.errors.form ?? mine.errors.reembolso ?? mine.errors.resultado }} /> : null}
      <button type="submit" name="resultado" value="hecho" className="button button-secondary">
        El banco lo muestra hecho
      </button>{" "}
      <button type="submit" name="resultado" value="no-hecho" className="button button-secondary">
        No se hizo
      </button>
    </Form>
  );
}

function RefundsTable({ refunds, reply, scope, caption }: { refunds: RefundView[]; reply: RefundReplyView | undefined; scope?: RefundScope; caption: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Medio</th>
            <th scope="col" className="num">
              Importe
            </th>
            <th scope="col">Estado</th>
            <th scope="col">Respuesta o referencia</th>
            <th scope="col">Motivo</th>
            <th scope="col">Quién</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <td data-label="Fecha">{refund.refundedOn ? `${refund.refundedOn} (anotado el ${refund.date})` : refund.date}</td>
              <td data-label="Medio">
                {/* One child per cell: on a phone the cell is a two-column grid (its label, its content). */}
                <span>
                  {refund.means}
                  {refund.attemptCode ? (
                    <>
                      {" "}
                      <code>{refund.attemptCode}</code>
                    </>
                  ) : null}
                  {refund.closesWithdrawal ? <span className="admin-muted"> · desistimiento</span> : null}
                </span>
              </td>
              <td data-label="Importe" className="num">
                <Price cents={refund.amountCents} />
              </td>
              <td data-label="Estado">{stateBadge(refund.stateLabel, refund.state === "hecho" ? "ok" : refund.state === "rechazado" ? "error" : "warn")}</td>
              <td data-label="Respuesta">
                <div className="admin-orders-email">
                  {[refund.response, refund.reference ? `Ref. ${refund.reference}` : null].filter(Boolean).join(" · ") || "—"}
                  {refund.settleable ? <SettleForm refund={refund} reply={reply} scope={scope} /> : null}
                </div>
              </td>
              <td data-label="Motivo">{refund.reason || "—"}</td>
              <td data-label="Quién">
                <span className="admin-orders-email">{refund.actor}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RefundsPanel({ view, reply, scope, caption = "Reembolsos del pedido" }: PanelProps) {
  const refundable = view.attempts.filter((attempt) => attempt.leftCents > 0);
  return (
    <>
      <p>
        Pagado: <Price cents={view.paidCents} /> · Devuelto: <Price cents={view.refundedCents} />
        {view.pendingCents > 0 ? (
          <>
            {" "}
            · Sin confirmar: <Price cents={view.pendingCents} />
          </>
        ) : null}{" "}
        · <strong>Queda por devolver: <Price cents={view.leftCents} /></strong>
      </p>
      {view.refunds.length > 0 ? <RefundsTable refunds={view.refunds} reply={reply} scope={scope} caption={caption} /> : <p className="admin-muted">Ningún reembolso.</p>}
      {view.paidCents === 0 ? (
        <p className="admin-muted">Este pedido no consta como pagado: no hay nada que reembolsar.</p>
      ) : view.leftCents === 0 ? (
        <p className="admin-muted">Todo lo pagado está devuelto o en curso de devolverse.</p>
      ) : (
        <>
          {refundable.length > 0 && !view.redsysEnabled ? (
            <p className="admin-muted">Redsys no está configurado en esta tienda: los pagos con tarjeta o Bizum se devuelven por transferencia.</p>
          ) : null}
          {/* Keyed by the refunds so far: once one is recorded the forms start again from what is left. */}
          <div className="admin-order-moves">
            {view.redsysEnabled
              ? refundable.map((attempt) => (
                  <RedsysRefundForm key={`${attempt.id}-${view.refunds.length}`} attempt={attempt} withdrawalId={view.openWithdrawalId} reply={reply} scope={scope} />
                ))
              : null}
            <TransferRefundForm key={view.refunds.length} view={view} reply={reply} scope={scope} />
          </div>
        </>
      )}
    </>
  );
}

/** What became of the refund just made (or settled), read from its row after the redirect: done, refused, or awaiting a check at the bank. */
export function RefundDone({ refund }: { refund: RefundView }) {
  const amount = formatEuros(refund.amountCents);
  if (refund.state === "hecho") {
    return (
      <p role="status" className="form-ok admin-done">
        {refund.means === "Transferencia" ? `Reembolso por transferencia de ${amount} registrado.` : `Reembolso de ${amount} hecho por Redsys.`} Se ha avisado al cliente por e-mail.
      </p>
    );
  }
  return (
    <p role="alert" className="form-error admin-done">
      {refund.state === "rechazado" ? `Reembolso de ${amount} no hecho: ${refund.response ?? "rechazado"}. No se ha devuelto nada.` : `Reembolso de ${amount}: ${refund.response ?? "sin respuesta de Redsys"}.`}
    </p>
  );
}
