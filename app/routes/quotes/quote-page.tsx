import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { DocumentFingerprint } from "~/ui/document-fingerprint";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { answerQuotePage, loadQuotePage, type AnswerReply } from "~/server/quotes/quote-page.server";
import { ErrorPage } from "~/ui/error-page";
import { Price } from "~/ui/price";
import { AcceptForm, ChangesForm, DeclineForm } from "~/ui/quotes/quote-answer-forms";
import { QuoteDocumentView } from "~/ui/quotes/quote-document-view";
import { JobMoney } from "~/ui/jobs/job-money";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/quote-page";

/*
 * /presupuestos/:token — the customer's written quote (issue 17): the current version with
 * every item the consumer rules ask for, and the three answers; once accepted, the deposit or
 * the final balance to pay (card, Bizum, transfer) and the invoices. Opening it changes nothing
 * (mail scanners follow links); the answers are POSTs. Personal: not in the page cache,
 * noindex, `private, no-store`. Readable at 375 px and without JavaScript.
 */

export async function loader({ params }: Route.LoaderArgs) {
  return loadQuotePage(params.token);
}

export async function action({ request, params }: Route.ActionArgs) {
  return answerQuotePage(request, params.token);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `${loaderData ? `Presupuesto ${loaderData.number}` : "Presupuesto"} | ${shop.name}`,
    description: "Su presupuesto: elija una opción y acéptelo firmando en la pantalla, pida cambios o recházelo.",
    baseUrl: shop.baseUrl,
    // Not the token's own address: it is the key to the quote.
    path: "/presupuesto",
    noindex: true,
  });
};

export default function QuotePage({ loaderData: page, actionData }: Route.ComponentProps) {
  const reply = actionData as AnswerReply | undefined;
  const accepted = page.accepted;
  return (
    <div className="container quote-page">
      <header className="quote-head">
        <h1 className="page-title">Presupuesto {page.number}</h1>
        <p>
          Versión {page.version} · del {formatYmd(page.doc.issuedOn)} · válido hasta el {formatYmd(page.doc.validUntil)}
          {page.expired ? <strong className="quote-badge quote-badge-expired"> Caducado</strong> : null}
        </p>
        <p>
          <a href={`/presupuestos/${page.token}/pdf`} className="button button-secondary">
            Descargar en PDF
          </a>
        </p>
      </header>

      <div id="respuesta" tabIndex={-1}>
        {accepted ? (
          <section className={`quote-status ${accepted.current ? "quote-status-ok" : ""}`} aria-labelledby="firmado-titulo" role="status">
            <h2 id="firmado-titulo">{accepted.current ? "Presupuesto aceptado" : `Aceptó la versión ${accepted.version}`}</h2>
            <p>
              {accepted.fullName} firmó la <strong>versión {accepted.version}</strong>, <strong>opción {accepted.alternative}</strong>, el {accepted.at} (hora de
              Madrid)
              {accepted.totalCents !== null ? (
                <>
                  , por un total de <Price cents={accepted.totalCents} /> IVA incluido
                </>
              ) : null}
              .
            </p>
            {accepted.current && accepted.depositCents ? (
              page.money?.due?.kind === "senal" ? (
                <p>
                  Señal a pagar: <strong><Price cents={accepted.depositCents} /></strong>. Cómo pagarla, aquí abajo.
                </p>
              ) : page.money?.charges.some((charge) => charge.kind === "senal" && charge.state === "pagado") ? (
                <p>
                  Señal: <strong><Price cents={accepted.depositCents} /></strong>, pagada. Gracias.
                </p>
              ) : null
            ) : null}
            {!accepted.current ? <p>Después le enviamos la versión {page.version}, que está abajo: para que valga, tiene que aceptarla también.</p> : null}
            <DocumentFingerprint sha256={accepted.documentSha256} of="el presupuesto aceptado" />
          </section>
        ) : null}
        {page.money ? <JobMoney base={`/presupuestos/${page.token}`} money={page.money} error={reply?.intent === "pagar" ? reply.message : undefined} /> : null}
        {page.lastAnswer?.kind === "cambios" ? (
          <section className="quote-status" role="status" aria-labelledby="cambios-pedidos">
            <h2 id="cambios-pedidos">Nos ha pedido cambios</h2>
            <p>
              El {page.lastAnswer.at} nos escribió: «{page.lastAnswer.message}». Le enviaremos una nueva versión; mientras tanto, puede aceptar esta si
              lo prefiere.
            </p>
          </section>
        ) : null}
        {page.status === "rechazado" ? (
          <section className="quote-status" role="status" aria-labelledby="rechazado-titulo">
            <h2 id="rechazado-titulo">Ha rechazado este presupuesto</h2>
            <p>Gracias por decírnoslo. Si cambia de idea, llámenos o <Link to="/contacto">pídanos un presupuesto nuevo</Link>.</p>
          </section>
        ) : null}
        {page.expired ? (
          <section className="quote-status quote-status-expired" aria-labelledby="caducado-titulo">
            <h2 id="caducado-titulo">Caducado</h2>
            <p>Este presupuesto era válido hasta el {formatYmd(page.doc.validUntil)} y ya no se puede aceptar.</p>
            <p>
              <Link to="/contacto" className="button button-accent">
                Pedir un presupuesto nuevo
              </Link>
            </p>
          </section>
        ) : null}
        {reply && !page.canAnswer && reply.intent !== "pagar" ? (
          <p role="alert" className="form-error">
            {reply.message}
          </p>
        ) : null}
      </div>

      <QuoteDocumentView doc={page.doc} />

      {page.canAnswer ? (
        <div className="quote-answers">
          <AcceptForm version={page.version} documentSha256={page.documentSha256} alternatives={page.alternatives} askNif={page.askNif} reply={reply} />
          <ChangesForm version={page.version} documentSha256={page.documentSha256} reply={reply} />
          <DeclineForm version={page.version} documentSha256={page.documentSha256} reply={reply} />
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
