import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { telHref } from "~/domain/site/contact-links";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import { slotsByDay } from "~/domain/visits/visit-slots";
import { useRootData } from "~/root";
import { getDb } from "~/server/db/db.server";
import { findVisitByToken, isOpen } from "~/server/visits/visit-booking.server";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { manageVisitAction } from "~/server/visits/visit-page-actions.server";
import { ErrorPage } from "~/ui/error-page";
import { reportError } from "~/ui/report-error";
import { NextSlots, SlotPicker } from "~/ui/visits/slot-picker";
import type { Route } from "./+types/visit-detail";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /visita/:token (issue 17): the customer's visit, from the confirmation and the e-mail's link.
 * Opening it changes nothing (mail scanners follow links); its buttons POST to change or cancel.
 * An unknown token is a 404. Personal: not kept by the page cache, never indexed.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `${loaderData?.state === "cancelada" ? "Visita anulada" : "Su visita"} | ${shop.name}`,
    description: "Su visita gratuita: el día y la hora, el calendario, y cómo cambiarla o anularla.",
    baseUrl: shop.baseUrl,
    // Not the token's own address: it is the key to the visit.
    path: "/visita/reservar",
    noindex: true,
  });
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const visit = await findVisitByToken(db, params.token);
  if (!visit) throw data(null, { status: 404 });
  const search = pageUrl(request).searchParams;
  const open = isOpen(visit);
  const changing = open && search.has("cambiar");
  return {
    token: visit.token,
    state: visit.state,
    open,
    start: visit.startsAt.toISOString(),
    end: visit.endsAt.toISOString(),
    name: visit.name,
    phone: visit.phone,
    email: visit.email,
    place: [visit.address, visit.town].filter(Boolean).join(", "),
    notes: visit.notes,
    news: search.has("reservada") ? ("reservada" as const) : search.has("cambiada") ? ("cambiada" as const) : null,
    changing,
    days: changing ? slotsByDay(await currentFreeSlots(db)) : [],
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return manageVisitAction(request, params.token);
}

const HEADINGS = { reservada: "¡Visita reservada!", cambiada: "Visita cambiada" } as const;

export default function VisitDetail({ loaderData: visit, actionData: reply }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  const busy = useNavigation().state === "submitting";
  const when = capitalize(visitWhen(visit.start, visit.end));
  const self = `/visita/${visit.token}`;
  const phone = shop ? (
    <a href={telHref(shop.phone)} className="visit-nowrap">
      {shop.phone}
    </a>
  ) : null;

  if (visit.state === "cancelada") {
    return (
      <div className="container visit-page">
        <div className="visit-panel">
          <h1 className="page-title">Visita anulada</h1>
          <p role="status">
            Esta visita ({visitWhen(visit.start, visit.end)}) está anulada. Si quiere otra, pídala desde la página de contacto
            {phone ? <> o llámenos al {phone}</> : null}.
          </p>
          <p>
            <Link to="/contacto" className="button">
              Ir a contacto
            </Link>
          </p>
        </div>
      </div>
    );
  }

  const changing = visit.changing || Boolean(reply?.next || reply?.errors?.slot);
  return (
    <div className="container visit-page">
      <div className="visit-panel">
        <h1 className="page-title">{visit.news ? HEADINGS[visit.news] : "Su visita"}</h1>
        {visit.news ? (
          <p role="status" className="form-ok">
            Le hemos enviado la confirmación a {visit.email}, con la cita para su calendario.
          </p>
        ) : null}
        <dl className="visit-summary">
          <dt>Cuándo</dt>
          <dd className="visit-when">{when}</dd>
          <dt>Dónde</dt>
          <dd>{visit.place}</dd>
          <dt>A nombre de</dt>
          <dd>
            {visit.name} · <span className="visit-nowrap">{visit.phone}</span>
          </dd>
          {visit.notes ? (
            <>
              <dt>Indicaciones</dt>
              <dd>{visit.notes}</dd>
            </>
          ) : null}
        </dl>
        {!visit.open ? (
          <p>Esta visita ya no se puede cambiar ni anular desde aquí{phone ? <>: llámenos al {phone}</> : null}.</p>
        ) : (
          <>
            <p className="visit-actions">
              <a href={`${self}/calendario.ics`} className="button button-secondary" download="visita.ics">
                Añadir a mi calendario (.ics)
              </a>
              {changing ? null : (
                <Link to={`${self}?cambiar=1`} className="button button-secondary">
                  Cambiar el día
                </Link>
              )}
            </p>
            <p className="field-help">
              Para cambiarla o anularla más adelante, vuelva a esta página con el enlace de nuestro correo
              {shop ? (
                <>
                  : <span className="visit-link">{`${shop.baseUrl}${self}`}</span>
                </>
              ) : null}
              .
            </p>
          </>
        )}
        {reply && !changing ? (
          <p role="alert" className="form-error">
            {reply.error}
          </p>
        ) : null}
      </div>

      {visit.open && changing ? (
        <section className="visit-change" aria-labelledby="cambiar-visita">
          <h2 id="cambiar-visita">Elija otro día y hora</h2>
          {visit.days.length === 0 && !reply?.next ? (
            <p>No quedan otras horas libres en las próximas semanas{phone ? <>: llámenos al {phone}</> : null}.</p>
          ) : (
            <Form method="post" className="visit-form" noValidate>
              {reply ? (
                <div id="cambio-error" role="alert" className="visit-alert">
                  <p className="form-error">{reply.error}</p>
                  {reply.next ? <NextSlots next={reply.next} /> : null}
                </div>
              ) : null}
              <SlotPicker days={visit.days} chosen={reply?.next?.[0]?.start} error={reply?.errors?.slot} errorId="cambio-error" />
              <input type="hidden" name="intent" value="cambiar" />
              <p className="visit-actions">
                <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
                  Cambiar la visita
                </button>
                <Link to={self}>No cambiarla</Link>
              </p>
            </Form>
          )}
        </section>
      ) : null}

      {visit.open ? (
        <section className="visit-cancel" aria-labelledby="anular-visita">
          <h2 id="anular-visita">¿No puede recibirnos?</h2>
          <Form method="post">
            <input type="hidden" name="intent" value="anular" />
            <button type="submit" className="button button-secondary" aria-disabled={busy || undefined}>
              Anular la visita
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
