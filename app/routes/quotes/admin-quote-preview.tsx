import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { sendProblems } from "~/domain/quotes/quote-editor-form";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { draftDocument, sendQuote } from "~/server/quotes/quote-send.server";
import { adminQuoteOr404 } from "~/server/quotes/quote-store.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { QuoteDocumentView } from "~/ui/quotes/quote-document-view";
import type { Route } from "./+types/admin-quote-preview";

/*
 * /admin/presupuestos/:number/vista-previa (issue 30): the draft as the customer will read it
 * (the same view as the customer's page, with the version number and dates sending it now
 * would give), then the confirmation that sends it. A draft changed after this preview is not
 * sent unseen: the confirmation carries the draft's time and sendQuote compares it.
 */

function findQuote(number: string | undefined) {
  return getDb().then((db) => adminQuoteOr404(db, number));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const quote = await findQuote(params.number);
  const problems = Object.values(sendProblems({ customer: quote.customer, workPlace: quote.workPlace, draft: quote.draft }));
  return { number: quote.number, cancelled: quote.status === "anulado", problems, doc: draftDocument(quote, new Date()), previewed: quote.updatedAt.toISOString() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const quote = await findQuote(params.number);
  const form = await readForm(request, { maxBytes: 4_000 });
  const previewed = form.get("previewed");
  const sent = await sendQuote(await getDb(), { email: admin.email }, quote.id, new Date(), typeof previewed === "string" ? previewed : "");
  if (!sent.ok) return data({ error: sent.message }, { status: 409 });
  throw redirect(`/admin/presupuestos/${quote.number}?enviado=${sent.version}`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Vista previa del presupuesto ${loaderData.number}` : "Vista previa");

export default function QuotePreviewPage() {
  const { number, cancelled, problems, doc, previewed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const back = `/admin/presupuestos/${number}`;
  return (
    <>
      <p>
        <Link to={back}>← Volver a editar</Link>
      </p>
      <h1>Vista previa del presupuesto {number}</h1>
      {answer?.error ? (
        <p role="alert" className="form-error">
          {answer.error}
        </p>
      ) : null}
      {cancelled || problems.length > 0 ? (
        <div role="alert" className="form-error">
          <p>{cancelled ? "Este presupuesto está anulado: no se puede enviar." : "Falta algo para poder enviarlo:"}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p>
            <Link to={back}>Volver a editar</Link>
          </p>
        </div>
      ) : (
        <p>
          Así lo verá el cliente al abrir su enlace: versión {doc.version}, válida hasta el {formatYmd(doc.validUntil)}. Al enviarlo le llega un e-mail con el enlace, y esta versión ya no
          cambia.
        </p>
      )}
      <section className="quote-preview" aria-label="Presupuesto tal como lo verá el cliente">
        <QuoteDocumentView doc={doc} />
      </section>
      {cancelled || problems.length > 0 ? null : (
        <Form method="post" className="admin-actions quote-preview-actions">
          <input type="hidden" name="previewed" value={previewed} />
          <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
            Enviar al cliente
          </button>
          <Link to={back}>Volver a editar</Link>
        </Form>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/presupuestos", label: "Volver a los presupuestos" }} />;
}
