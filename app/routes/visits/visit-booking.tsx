import { Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from "react-router";
import { telHref } from "~/domain/site/contact-links";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import type { VisitFormValues } from "~/domain/visits/visit-fields";
import { slotsByDay } from "~/domain/visits/visit-slots";
import { useRootData } from "~/root";
import { getDb } from "~/server/db/db.server";
import { requestOfBookingCookie } from "~/server/visits/booking-token.server";
import { openVisitOfRequest, requestDetails } from "~/server/visits/visit-booking.server";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { visitPath } from "~/server/visits/visit-emails.server";
import { bookingAction } from "~/server/visits/visit-page-actions.server";
import { ErrorPage } from "~/ui/error-page";
import { reportError } from "~/ui/report-error";
import { NextSlots, SlotPicker } from "~/ui/visits/slot-picker";
import { VisitContactFields } from "~/ui/visits/visit-contact-fields";
import type { Route } from "./+types/visit-booking";

/*
 * /visita/reservar (issue 17, decision 0015): the extra step after a quote request. The
 * thank-you page links here; the request comes from the short-lived cookie its action set.
 * Personal: not kept by the page cache (sent private, no-store), never indexed.
 */

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Elija el día de la visita | ${shop.name}`,
    description: "Reserve la visita gratuita y sin compromiso para su presupuesto.",
    baseUrl: shop.baseUrl,
    path: "/visita/reservar",
    noindex: true,
  });
};

export async function loader({ request }: Route.LoaderArgs) {
  const requestId = await requestOfBookingCookie(request);
  if (requestId === null) return { kind: "sin-solicitud" as const };
  const db = await getDb();
  const [details, booked] = await Promise.all([requestDetails(db, requestId), openVisitOfRequest(db, requestId)]);
  if (!details) return { kind: "sin-solicitud" as const };
  if (booked) throw redirect(visitPath(booked.token), 303);
  const values: VisitFormValues = {
    name: details.name,
    phone: details.phone,
    email: details.email,
    address: details.address,
    town: details.town,
    notes: "",
  };
  return { kind: "reservar" as const, values, days: slotsByDay(await currentFreeSlots(db)) };
}

export async function action({ request }: Route.ActionArgs) {
  return bookingAction(request);
}

export default function VisitBooking({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  const busy = useNavigation().state === "submitting";
  if (loaderData.kind === "sin-solicitud") {
    return (
      <div className="container visit-page">
        <div className="visit-panel">
          <h1 className="page-title">Elija el día de la visita</h1>
          <p>
            Para reservar la visita necesitamos su solicitud, y no la encontramos en este navegador: el enlace solo vale unas horas
            después de enviarla, en el mismo navegador.
          </p>
          <p>
            Si ya nos la envió, no se preocupe: le llamaremos para concertar la visita
            {shop ? (
              <>
                {" "}
                (o llámenos al <a href={telHref(shop.phone)}>{shop.phone}</a>)
              </>
            ) : null}
            . Si no, pídala desde la página de contacto.
          </p>
          <p>
            <Link to="/contacto" className="button button-accent">
              Ir a contacto
            </Link>
          </p>
        </div>
      </div>
    );
  }
  const reply = actionData;
  const values = reply?.values ?? loaderData.values;
  const chosen = reply?.next?.[0]?.start;
  return (
    <div className="container visit-page">
      <h1 className="page-title">Elija el día de la visita</h1>
      <p className="visit-lead">
        La visita es gratuita y sin compromiso: un técnico verá la instalación para preparar su presupuesto. Elija el día y la hora
        que mejor le vengan; si lo prefiere, puede saltarse este paso y le llamaremos.
      </p>
      {loaderData.days.length === 0 ? (
        <p className="visit-panel">
          Ahora mismo no quedan horas libres en las próximas semanas. Le llamaremos para buscar una
          {shop ? (
            <>
              , o llámenos al <a href={telHref(shop.phone)}>{shop.phone}</a>
            </>
          ) : null}
          .
        </p>
      ) : (
        <Form method="post" className="visit-form" noValidate>
          {reply ? (
            <div id="reserva-error" role="alert" className="visit-alert">
              <p className="form-error">{reply.error}</p>
              {reply.next ? <NextSlots next={reply.next} /> : null}
            </div>
          ) : null}
          <SlotPicker days={loaderData.days} chosen={chosen} error={reply?.errors?.slot} errorId="reserva-error" />
          <VisitContactFields values={values} errors={reply?.errors} />
          <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
            Reservar la visita
          </button>
        </Form>
      )}
      <p>
        <Link to="/">Saltar este paso y volver al inicio</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
