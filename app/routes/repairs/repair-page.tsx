import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { loadRepairPage, repairPageAction, type RepairPageReply } from "~/server/repairs/repair-page.server";
import { ErrorPage } from "~/ui/error-page";
import { JobMoney } from "~/ui/jobs/job-money";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/repair-page";

/*
 * /averias/:token — the customer's breakdown (issue 31), linked from the e-mails: what they
 * reported and were told it costs, the repair's day, then the signed report, the invoice and
 * paying it (card, Bizum, transfer). Opening it changes nothing; paying is a POST. Personal:
 * not in the page cache, noindex, `private, no-store`. Readable at 375 px and without JavaScript.
 */

export async function loader({ params }: Route.LoaderArgs) {
  const page = await loadRepairPage(await getDb(), params.token);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  return repairPageAction(request, params.token);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `${loaderData ? `Avería ${loaderData.reference}` : "Avería"} | ${shop.name}`,
    description: "Su aviso de avería: cuándo vamos, el parte de la reparación, la factura y el pago.",
    baseUrl: shop.baseUrl,
    // Not the token's own address: it is the key to the page.
    path: "/averias",
    noindex: true,
  });
};

function RepairState({ page }: { page: Route.ComponentProps["loaderData"] }) {
  if (page.cancelled) return <p>Este aviso está cerrado. Si la avería sigue, llámenos o envíenos otro aviso.</p>;
  if (!page.job) return <p>Lo hemos recibido. Le llamaremos para acordar el día de la visita.</p>;
  if (page.job.status === "cancelado") return <p>La reparación se ha cancelado. Si la avería sigue, llámenos.</p>;
  if (page.job.when && (page.job.status === "programado" || page.job.status === "en_curso")) {
    return (
      <p>
        Visita del técnico: <strong>{page.job.when}</strong> (hora de Madrid).
      </p>
    );
  }
  if (page.job.status === "pendiente_programar") return <p>Le llamaremos para acordar el día de la visita.</p>;
  if (page.job.status === "cobrado") return <p>Reparación terminada y pagada. Gracias.</p>;
  if (page.job.status === "terminado") return <p>Reparación terminada.{page.money?.due ? " Queda por pagar su importe: cómo, aquí abajo." : ""}</p>;
  return <p>Reparación: {page.job.statusLabel.toLowerCase()}.</p>;
}

export default function RepairPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const reply = actionData as RepairPageReply | undefined;
  return (
    <div className="container quote-page">
      <header className="quote-head">
        <h1 className="page-title">Avería {page.reference}</h1>
        <p>Enviada el {page.sentAt} (hora de Madrid)</p>
      </header>
      <section className="quote-status" aria-labelledby="averia-estado">
        <h2 id="averia-estado">Estado</h2>
        <RepairState page={page} />
      </section>
      {page.money ? <JobMoney base={`/averias/${page.token}`} money={page.money} error={reply?.message} /> : null}
      {reply && !page.money?.due ? (
        <p role="alert" className="form-error">
          {reply.message}
        </p>
      ) : null}
      <section className="quote-status" aria-labelledby="averia-aviso">
        <h2 id="averia-aviso">Lo que nos contó</h2>
        <dl className="equipment-facts">
          <dt>Equipo</dt>
          <dd>{page.unit}</dd>
          <dt>Qué le pasa</dt>
          <dd className="admin-pre">{page.problem}</dd>
          <dt>Urgencia</dt>
          <dd>{page.urgency}</dd>
          <dt>Lo que cuesta</dt>
          <dd>{page.coverage}</dd>
        </dl>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
