import { Form } from "react-router";
import type { FieldErrors, WithdrawalIntent, WithdrawalReply } from "~/domain/orders/withdrawal-handling";

/* The "goods returned" step of a withdrawal's page (issue 11); a plain form that posts without JavaScript. */

type Props = { reply: WithdrawalReply | undefined; today: string; requestedDay: string };

function own(reply: WithdrawalReply | undefined, intent: WithdrawalIntent) {
  return reply && reply.intent === intent ? reply : undefined;
}

function FieldError({ id, errors, field }: { id: string; errors: FieldErrors | undefined; field: "date" }) {
  const message = errors?.[field];
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/** A refusal shows on its form; a step done shows at the top of the page (its form is gone then). */
function Outcome({ reply }: { reply: WithdrawalReply | undefined }) {
  if (!reply || reply.ok) return null;
  return (
    <p role="alert" className="field-error">
      {reply.errors.form ?? "Revise los datos marcados."}
    </p>
  );
}

export function GoodsReturnedForm({ reply, today, requestedDay }: Props) {
  const mine = own(reply, "returned");
  const errors = mine && !mine.ok ? mine.errors : undefined;
  return (
    <Form method="post" className="admin-section admin-form" aria-labelledby="desistimiento-devuelto">
      <h2 id="desistimiento-devuelto">Mercancía devuelta</h2>
      <p className="field-hint">Cuando el cliente haya devuelto los artículos, anote el día en que llegaron.</p>
      <input type="hidden" name="intent" value="returned" />
      <div className="field">
        <label htmlFor="devuelto-fecha">Fecha de devolución</label>
        <input
          id="devuelto-fecha"
          name="date"
          type="date"
          required
          min={requestedDay}
          max={today}
          defaultValue={mine && !mine.ok ? mine.values?.date : today}
          aria-invalid={errors?.date ? true : undefined}
          aria-describedby={errors?.date ? "devuelto-fecha-error" : undefined}
        />
        <FieldError id="devuelto-fecha-error" errors={errors} field="date" />
      </div>
      <button type="submit" className="button">
        Registrar la devolución
      </button>
      <Outcome reply={mine} />
    </Form>
  );
}
