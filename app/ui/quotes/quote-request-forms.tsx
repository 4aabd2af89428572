import { Form } from "react-router";
import type { DeliveryView } from "~/domain/quotes/delivery-view";
import { NOTES_MAX_LENGTH, type QuoteIntent, type QuoteReply } from "~/domain/quotes/quote-inbox";
import { REQUEST_STATE_LABELS, REQUEST_STATES, type RequestState } from "~/domain/quotes/request-state";
import { FormReply } from "../admin/form-reply";
import { DeliveryBadge } from "../orders/delivery-badge";

/* The forms of a quote request's page (issue 11); they post without JavaScript too. */

/** The answer to this form only: each form shows its own message. */
function ReplyLine({ reply, intent, outboxId }: { reply: QuoteReply | undefined; intent: QuoteIntent; outboxId?: number }) {
  // A retry's answer sits on its delivery; one that names none (a forged id), under the list.
  return <FormReply reply={reply && reply.intent === intent && reply.outboxId === outboxId ? reply : null} />;
}

export function QuoteStateForm({ state, reply }: { state: RequestState; reply: QuoteReply | undefined }) {
  return (
    <Form method="post" className="admin-section admin-form" aria-labelledby="solicitud-estado">
      <h2 id="solicitud-estado">Estado</h2>
      <input type="hidden" name="intent" value="state" />
      <div className="field">
        <label htmlFor="solicitud-estado-valor">Estado de la solicitud</label>
        <select id="solicitud-estado-valor" name="state" defaultValue={state} key={state}>
          {REQUEST_STATES.map((value) => (
            <option key={value} value={value}>
              {REQUEST_STATE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Guardar estado
      </button>
      <ReplyLine reply={reply} intent="state" />
    </Form>
  );
}

export function QuoteNotesForm({ notes, reply }: { notes: string; reply: QuoteReply | undefined }) {
  return (
    <Form method="post" className="admin-section admin-form" aria-labelledby="solicitud-notas">
      <h2 id="solicitud-notas">Notas internas</h2>
      <input type="hidden" name="intent" value="notes" />
      <div className="field">
        <label htmlFor="solicitud-notas-texto">Notas (solo las ve la administración)</label>
        <textarea id="solicitud-notas-texto" name="internalNotes" rows={5} maxLength={NOTES_MAX_LENGTH} defaultValue={notes} key={notes} />
      </div>
      <button type="submit" className="button">
        Guardar notas
      </button>
      <ReplyLine reply={reply} intent="notes" />
    </Form>
  );
}

export type DeliveryItem = Omit<DeliveryView, "at"> & { at: string | null };

/** The service's words and the settings to look at, folded away: they are for whoever maintains the shop. */
function TechnicalDetail({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <details>
      <summary>Detalle para quien mantiene la tienda</summary>
      <p className="admin-muted">{text}</p>
    </details>
  );
}

function DeliveryDetail({ delivery }: { delivery: DeliveryItem }) {
  switch (delivery.state) {
    case "enviado":
      return <p>Enviado el {delivery.at}.</p>;
    case "en cola":
      return <p>En cola: se enviará en unos segundos.</p>;
    case "omitido":
      return (
        <>
          <p>{delivery.reason}</p>
          <TechnicalDetail text={delivery.technical} />
        </>
      );
    case "reintentando":
      return (
        <>
          <p>
            {delivery.attempts === 1 ? "1 intento fallido" : `${delivery.attempts} intentos fallidos`}
            {delivery.reason ? `: ${delivery.reason}` : ""} Próximo intento: {delivery.at}.
          </p>
          <TechnicalDetail text={delivery.technical} />
        </>
      );
    case "fallido":
      return (
        <>
          <p>
            <strong>Motivo:</strong> {delivery.reason}
          </p>
          <p className="admin-muted">
            Dejó de intentarse el {delivery.at}, tras {delivery.attempts === 1 ? "1 intento" : `${delivery.attempts} intentos`}.
          </p>
          <TechnicalDetail text={delivery.technical} />
        </>
      );
  }
}

export function QuoteDeliveries({ deliveries, reply }: { deliveries: DeliveryItem[]; reply: QuoteReply | undefined }) {
  return (
    <section className="admin-section" aria-labelledby="solicitud-entregas">
      <h2 id="solicitud-entregas">Entregas</h2>
      {deliveries.length === 0 ? (
        <p className="admin-muted">
          Sin registro de entregas: los envíos terminados se borran a los 30 días, y las solicitudes antiguas no guardaban el de su
          e-mail.
        </p>
      ) : (
        <ul className="admin-deliveries">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="admin-card">
              <h3>
                {delivery.kindLabel} <DeliveryBadge state={delivery.state} />
              </h3>
              <DeliveryDetail delivery={delivery} />
              {delivery.canRetry ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="outboxId" value={delivery.id} />
                  <button type="submit" className="button">
                    Reintentar <span className="visually-hidden">{delivery.kindLabel.toLowerCase()}</span>
                  </button>
                </Form>
              ) : null}
              <ReplyLine reply={reply} intent="retry" outboxId={delivery.id} />
            </li>
          ))}
        </ul>
      )}
      <ReplyLine reply={reply} intent="retry" outboxId={undefined} />
    </section>
  );
}
