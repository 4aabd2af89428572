import { Form } from "react-router";
import { DescribedField, type DescribedControl } from "../admin/described-field";
import type { OrderStatus } from "~/domain/orders/order-status";
import { Price } from "../price";
import { MAX_CANCEL_REASON_LENGTH, MAX_DETAIL_LENGTH, MAX_NOTES_LENGTH } from "~/domain/orders/status-move-limits";

/*
 * The order page's actions (issue 11): one small form per status the order may move to, each
 * with what that move records, and the internal notes. The page puts «Cancelar el pedido» apart,
 * in its «Zona de peligro» (issue 30); a payment's date starts at today's date in Madrid. Plain posts: they work without
 * JavaScript. Every form carries the status it was shown with ("actual"), so a change made
 * meanwhile is refused (409) instead of overwritten.
 */

export type OrderPageReply =
  | { intent: "estado"; target: string; errors: Record<string, string>; values: Record<string, string> }
  | { intent: "notas"; errors: Record<string, string>; values: Record<string, string> }
  | { intent: "reenviar"; errors: Record<string, string>; values: Record<string, string> }
  | { intent: "reenviar-enlace"; errors: Record<string, string>; values: Record<string, string> }
  | { intent: "deshacer-pago"; errors: Record<string, string>; values: Record<string, string> };

type Slot = { value: string; label: string };

type MoveProps = {
  current: OrderStatus;
  /** What the customer pays: «Marcar como pagado · 1.234,00 €» (issue 30). */
  amountCents: number;
  next: readonly OrderStatus[];
  transfer: boolean;
  today: string;
  slots: Slot[];
  installation: { date: string; slot: string };
  reply: OrderPageReply | undefined;
};

const KEYS: Record<OrderStatus, string> = {
  "Pendiente de Pago": "pendiente",
  Pagado: "pagado",
  Enviado: "enviado",
  "Instalación programada": "instalacion",
  Completado: "completado",
  Cancelado: "cancelado",
};

function title(current: OrderStatus, target: OrderStatus): string {
  switch (target) {
    case "Pagado":
      return "Marcar como pagado";
    case "Enviado":
      return "Marcar como enviado";
    case "Instalación programada":
      return current === target ? "Cambiar la fecha de la instalación" : "Programar la instalación";
    case "Completado":
      return "Marcar como completado";
    case "Cancelado":
      return "Cancelar el pedido";
    default:
      return target;
  }
}

type FieldProps = {
  form: string;
  name: string;
  label: string;
  errors: Record<string, string>;
  hint?: string;
  children: (props: DescribedControl) => React.ReactNode;
};

/** A field of one of the forms below: its id is the form's key and the field's name. */
function Field({ form, name, label, errors, hint, children }: FieldProps) {
  return (
    <DescribedField id={`${form}-${name}`} label={label} error={errors[name]} hint={hint}>
      {children}
    </DescribedField>
  );
}

export function OrderStatusForms({ current, amountCents, next, transfer, today, slots, installation, reply }: MoveProps) {
  return (
    <div className="admin-order-moves">
      {next.map((target) => {
        const key = KEYS[target];
        const mine = reply?.intent === "estado" && reply.target === target ? reply : undefined;
        const errors = mine?.errors ?? {};
        const values = mine?.values ?? {};
        const rescheduling = target === "Instalación programada" && current === target;
        return (
          <Form key={target} method="post" className="admin-form admin-order-move" aria-labelledby={`${key}-titulo`}>
            <fieldset>
              <legend id={`${key}-titulo`}>{title(current, target)}</legend>
              <input type="hidden" name="intent" value="estado" />
              <input type="hidden" name="actual" value={current} />
              <input type="hidden" name="destino" value={target} />
              {errors.form || errors.destino ? (
                <p role="alert" className="field-error">
                  {errors.form ?? errors.destino}
                </p>
              ) : null}
              {target === "Pagado" ? (
                <div className="field-row">
                  <Field form={key} name="fecha" label={transfer ? "Fecha del pago" : "Fecha del pago (opcional)"} errors={errors}>
                    {(props) => <input {...props} name="fecha" type="date" max={today} required={transfer} defaultValue={values.fecha ?? today} />}
                  </Field>
                  <Field form={key} name="referencia" label={transfer ? "Referencia bancaria" : "Referencia (opcional)"} errors={errors}>
                    {(props) => <input {...props} name="referencia" maxLength={MAX_DETAIL_LENGTH} required={transfer} defaultValue={values.referencia} autoComplete="off" />}
                  </Field>
                </div>
              ) : null}
              {target === "Enviado" ? (
                <div className="field-row">
                  <Field form={key} name="transportista" label="Transportista (opcional)" errors={errors}>
                    {(props) => <input {...props} name="transportista" maxLength={MAX_DETAIL_LENGTH} defaultValue={values.transportista} />}
                  </Field>
                  <Field form={key} name="seguimiento" label="Número de seguimiento (opcional)" errors={errors}>
                    {(props) => <input {...props} name="seguimiento" maxLength={MAX_DETAIL_LENGTH} defaultValue={values.seguimiento} autoComplete="off" />}
                  </Field>
                </div>
              ) : null}
              {target === "Instalación programada" ? (
                <div className="field-row">
                  <Field form={key} name="fecha" label="Día de la instalación" errors={errors}>
                    {(props) => <input {...props} name="fecha" type="date" min={today} required defaultValue={values.fecha ?? installation.date} />}
                  </Field>
                  <Field form={key} name="franja" label="Franja horaria" errors={errors}>
                    {(props) => (
                      <select {...props} name="franja" required defaultValue={values.franja ?? installation.slot}>
                        <option value="">Elija una franja</option>
                        {slots.map((slot) => (
                          <option key={slot.value} value={slot.value}>
                            {slot.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
              ) : null}
              {target === "Cancelado" ? (
                <Field form={key} name="motivo" label="Motivo de la cancelación" errors={errors} hint="Se escribe al cliente. Las unidades vuelven al stock.">
                  {(props) => <textarea {...props} name="motivo" rows={3} required maxLength={MAX_CANCEL_REASON_LENGTH} defaultValue={values.motivo} />}
                </Field>
              ) : null}
              {target === "Instalación programada" ? (
                <p className="field-hint">El cliente recibe la cita por e-mail con un archivo de calendario.</p>
              ) : target !== "Cancelado" ? (
                <p className="field-hint">Se avisa al cliente por e-mail.</p>
              ) : null}
              <button type="submit" className={target === "Cancelado" ? "button button-danger" : "button"}>
                {rescheduling ? (
                  "Cambiar la fecha"
                ) : target === "Pagado" ? (
                  <>
                    {title(current, target)} · <Price cents={amountCents} />
                  </>
                ) : (
                  title(current, target)
                )}
              </button>
            </fieldset>
          </Form>
        );
      })}
    </div>
  );
}

export function OrderNotesForm({ notes, reply }: { notes: string; reply: OrderPageReply | undefined }) {
  const errors = reply?.intent === "notas" ? reply.errors : {};
  return (
    <Form method="post" className="admin-form admin-order-notes" aria-labelledby="notas-titulo">
      <input type="hidden" name="intent" value="notas" />
      <Field form="notas" name="notas" label="Notas (solo las ve la administración)" errors={errors}>
        {(props) => <textarea {...props} name="notas" rows={4} maxLength={MAX_NOTES_LENGTH} defaultValue={reply?.intent === "notas" ? reply.values.notas : notes} key={notes} />}
      </Field>
      <button type="submit" className="button">
        Guardar notas
      </button>
    </Form>
  );
}

/**
 * A transfer marked paid on the wrong order (issue 13): the payment is undone, the invoice it
 * issued annulled (with its VERI*FACTU record) and the customer told. Behind a disclosure: it is
 * rare, and it must not be mistaken for cancelling.
 */
export function UndoPaymentForm({ invoiceNumber, reply }: { invoiceNumber: string | null; reply: OrderPageReply | undefined }) {
  const errors = reply?.intent === "deshacer-pago" ? reply.errors : {};
  return (
    <details className="admin-undo-payment" open={Boolean(reply?.intent === "deshacer-pago")}>
      <summary>¿Registró este pago por error?</summary>
      <Form method="post" className="admin-form" aria-label="Deshacer el pago">
        <input type="hidden" name="intent" value="deshacer-pago" />
        <p>
          El pedido vuelve a «Pendiente de Pago» con un nuevo plazo para la transferencia
          {invoiceNumber ? `, la factura ${invoiceNumber} queda anulada (con su registro de anulación VERI*FACTU)` : ""} y se avisa al cliente por
          e-mail. Cuando llegue el pago se expedirá una factura nueva.
        </p>
        {errors.form ? (
          <p role="alert" className="form-error">
            {errors.form}
          </p>
        ) : null}
        <Field form="deshacer" name="motivo" label="Motivo (p. ej., la transferencia era de otro pedido)" errors={errors}>
          {(props) => <textarea {...props} name="motivo" rows={2} maxLength={300} required defaultValue={reply?.intent === "deshacer-pago" ? reply.values.motivo : ""} />}
        </Field>
        <button type="submit" className="button button-secondary">
          Deshacer el pago
        </button>
      </Form>
    </details>
  );
}
