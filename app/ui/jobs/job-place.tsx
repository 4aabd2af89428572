import { mapHref, telHref } from "~/domain/site/contact-links";
import type { QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";

export function placeLine(place: WorkPlace): string {
  return [place.address, [place.postcode, place.town].filter(Boolean).join(" "), place.province].filter(Boolean).join(", ");
}

/** Where the work is and how to reach the customer: a map link and a call link. */
export function JobPlace({ customer, workPlace }: { customer: QuoteParty; workPlace: WorkPlace }) {
  return (
    <dl className="job-facts">
      <dt>Cliente</dt>
      <dd>{customer.name}</dd>
      <dt>Lugar del trabajo</dt>
      <dd>
        {placeLine(workPlace)}
        <br />
        <a href={mapHref(placeLine(workPlace))} target="_blank" rel="noopener noreferrer">
          Ver en el mapa<span className="visually-hidden"> (se abre en otra pestaña)</span>
        </a>
      </dd>
      <dt>Teléfono</dt>
      <dd>{customer.phone ? <a href={telHref(customer.phone)}>Llamar al {customer.phone}</a> : <span className="admin-muted">Sin teléfono</span>}</dd>
    </dl>
  );
}
