import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { telHref } from "~/domain/site/contact-links";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import { slotsByDay } from "~/domain/visits/visit-slots";
import { useRootData } from "~/root";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { findPlanVisit } from "~/server/maintenance/plan-visit-booking.server";
import { planVisitAction } from "~/server/maintenance/plan-visit-page.server";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { ErrorPage } from "~/ui/error-page";
import { reportError } from "~/ui/report-error";
import { NextSlots, SlotPicker } from "~/ui/visits/slot-picker";
import type { Route } from "./+types/plan-visit";

/*
 * /mantenimiento/visita/:token (issue 31): the customer chooses the day of their plan's
 * maintenance visit, from the e-mail sent six weeks before it is due (a slot of the e-mail comes
 * marked: ?hora=). Opening it changes nothing; the button POSTs. Personal: never cached or indexed.
 */

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Su visita de mantenimiento | ${shop.name}`,
    description: "Elija el día y la hora de la visita de mantenimiento de su plan.",
    baseUrl: shop.baseUrl,
    // Not the token's own address: it is the key to the visit.
    path: "/login/equipos",
    noindex: true,
  });
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const visit = await findPlanVisit(db, params.token);
  if (!visit) throw data(null, { status: 404 });
  const search = pageUrl(request).searchParams;
  const choosing = visit.open && (visit.startsAt === null || search.has("cambiar") || search.has("hora"));
  const days = choosing ? slotsByDay(await currentFreeSlots(db)) : [];
  const marked = search.get("hora");
  const chosen = marked && days.some((day) => day.slots.some((slot) => Date.parse(slot.start) === Date.parse(marked))) ? new Date(marked).toISOString() : undefined;
  return {
    ...visit,
    news: search.has("reservada") ? ("reservada" as const) : search.has("cambiada") ? ("cambiada" as const) : null,
    choosing,
    days,
    chosen,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return planVisitAction(request, params.token);
}

const HEADINGS = { reservada: "¡Día elegido!", cambiada: "Día cambiado" } as const;

export default function PlanVisit({ loaderData: visit, actionData: reply }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  const busy = useNavigation().state === "submitting";
  const self = `/mantenimiento/visita/${visit.token}`;
  const phone = shop ? (
    <a href={telHref(shop.phone)} className="visit-nowrap">
      {shop.phone}
    </a>
  ) : null;
  const choosing = visit.choosing || Boolean(reply?.next || reply?.errors?.slot);
  const booked = visit.startsAt && visit.endsAt ? capitalize(visitWhen(visit.startsAt, visit.endsAt)) : null;
  const heading = visit.news ? HEADINGS[visit.news] : booked ? "Su visita de mantenimiento" : "Elija el día de su visita de mantenimiento";

  return (
    <div className="container visit-page">
      <div className="visit-panel">
        <h1 className="page-title">{heading}</h1>
        {visit.news ? (
          <p role="status" className="form-ok">
            Le hemos enviado la confirmación a {visit.email}, con la cita para su calendario.
          </p>
        ) : null}
        <dl className="visit-summary">
          <dt>Plan</dt>
          <dd>Plan de mantenimiento n.º {visit.planId}, a nombre de {visit.customerName}</dd>
          {booked ? (
            <>
              <dt>Cuándo</dt>
              <dd className="visit-when">{booked}</dd>
            </>
          ) : (
            <>
              <dt>Le toca antes del</dt>
              <dd>{formatYmd(visit.dueOn)}</dd>
            </>
          )}
          <dt>Dónde</dt>
          <dd>{visit.place}</dd>
          <dt>Qué revisamos</dt>
          <dd>{visit.units.length ? visit.units.join("; ") : "El equipo de su plan"}</dd>
        </dl>
        {visit.done ? (
          <p>
            Esta visita ya está hecha. Sus equipos y sus documentos están en <Link to="/login/equipos">Mis equipos</Link>.
          </p>
        ) : visit.cancelled ? (
          <p role="status">Esta visita está anulada{phone ? <>. Si quiere que vayamos, llámenos al {phone}</> : null}.</p>
        ) : !visit.open ? (
          <p>El día de esta visita ya no se puede cambiar desde aquí{phone ? <>: llámenos al {phone}</> : null}.</p>
        ) : booked && !choosing ? (
          <p className="visit-actions">
            <Link to={`${self}?cambiar=1`} className="button button-secondary">
              Cambiar el día
            </Link>
          </p>
        ) : null}
      </div>

      {visit.open && choosing ? (
        <section className="visit-change" aria-labelledby="elegir-dia">
          <h2 id="elegir-dia">{booked ? "Elija otro día y hora" : "Elija día y hora"}</h2>
          {visit.days.length === 0 && !reply?.next ? (
            <p>No quedan horas libres en las próximas semanas{phone ? <>: llámenos al {phone} y buscamos una</> : null}.</p>
          ) : (
            <Form method="post" className="visit-form" noValidate>
              {reply ? (
                <div id="eleccion-error" role="alert" className="visit-alert">
                  <p className="form-error">{reply.error}</p>
                  {reply.next ? <NextSlots next={reply.next} /> : null}
                </div>
              ) : null}
              <SlotPicker days={visit.days} chosen={reply?.next?.[0]?.start ?? visit.chosen} error={reply?.errors?.slot} errorId="eleccion-error" />
              <input type="hidden" name="intent" value="elegir" />
              <p className="visit-actions">
                <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
                  {booked ? "Cambiar a esta hora" : "Reservar esta hora"}
                </button>
                {booked ? <Link to={self}>No cambiarla</Link> : null}
              </p>
            </Form>
          )}
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
