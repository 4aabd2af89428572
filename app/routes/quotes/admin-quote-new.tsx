import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { templateSummary } from "~/domain/quotes/quote-template";
import { startFromTemplateSchema } from "~/domain/quotes/quote-template-forms";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { createQuote, prefillFromCustomer, prefillFromRequest } from "~/server/quotes/quote-store.server";
import { customerParam, customerToStartFrom } from "~/server/customers/customer-prefill.server";
import { customerHref } from "~/domain/customers/customer-list";
import type { Database } from "~/server/db/client.server";
import { draftFromTemplateId, listTemplates } from "~/server/quotes/quote-templates.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { StartFromTemplate } from "~/ui/quotes/start-from-template";
import type { Route } from "./+types/admin-quote-new";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /admin/presupuestos/nuevo (issue 17): a new quote from scratch (a phone call) or, with
 * ?solicitud=ID, from a request, prefilled. Creating takes the next "P" number, so it is a
 * POST (a button), never the GET of this page. «Empezar desde una plantilla» (issue 30) fills
 * the work, options and terms from a template (?plantilla=ID chooses one); the customer and the
 * place still come from the request. With ?cliente=ID (from a customer record) the quote starts
 * with that record's customer and address, and stays tied to it.
 */

function requestId(value: string | null): number | null {
  if (value === null || value === "") return null;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

/** The customer record of ?cliente= (or the form's "cliente"), or a 404 when it names none. */
async function startingCustomer(db: Database, id: number | null) {
  if (id === null) return null;
  const row = await customerToStartFrom(db, id);
  if (!row) throw data(null, { status: 404 });
  return row;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = pageUrl(request);
  const id = requestId(url.searchParams.get("solicitud"));
  const db = await getDb();
  const templates = (await listTemplates(db)).map((t) => ({ id: t.id, name: t.name, summary: templateSummary(t.draft) }));
  const chosen = Number(url.searchParams.get("plantilla"));
  const template = templates.some((t) => t.id === chosen) ? chosen : null;
  const row = id === null ? await startingCustomer(db, customerParam(url)) : null;
  const customer = row ? { id: row.id, ...prefillFromCustomer(row).customer } : null;
  if (id === null) return { request: null, customer, templates, template };
  const prefill = await prefillFromRequest(db, id);
  if (!prefill) throw data(null, { status: 404 });
  return { request: { id, name: prefill.customer.name, address: prefill.customer.address, town: prefill.customer.town, message: prefill.draft.description }, customer, templates, template };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, { maxBytes: 10_000 });
  const id = requestId(typeof form.get("solicitud") === "string" ? (form.get("solicitud") as string) : null);
  const choice = startFromTemplateSchema.safeParse({ plantilla: form.get("plantilla") ?? undefined });
  if (!choice.success) return data({ error: choice.error.issues[0]!.message }, { status: 400 });
  const db = await getDb();
  const row = id === null ? await startingCustomer(db, customerParam(form)) : null;
  const prefill = id === null ? (row ? prefillFromCustomer(row) : null) : await prefillFromRequest(db, id);
  if (id !== null && !prefill) throw data(null, { status: 404 });
  const fromTemplate = choice.data.plantilla === null ? null : await draftFromTemplateId(db, choice.data.plantilla, prefill?.draft.description);
  if (choice.data.plantilla !== null && !fromTemplate) return data({ error: "Esa plantilla ya no existe: elija otra o empiece en blanco." }, { status: 404 });
  const quote = await createQuote(db, admin, { ...prefill, ...(fromTemplate ? { draft: fromTemplate.draft } : {}), template: fromTemplate?.name });
  throw redirect(`/admin/presupuestos/${quote.number}${fromTemplate ? `?plantilla=${fromTemplate.unlinked}` : ""}`, 303);
}

export const meta: Route.MetaFunction = () => adminMeta("Nuevo presupuesto");

export default function NewQuotePage({ actionData }: Route.ComponentProps) {
  const { request, customer, templates, template } = useLoaderData<typeof loader>();
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <>
      <p>
        <Link to="/admin/presupuestos">← Volver a los presupuestos</Link>
      </p>
      <h1>Nuevo presupuesto</h1>
      {request ? (
        <section className="admin-section" aria-labelledby="desde-solicitud">
          <h2 id="desde-solicitud">Desde la solicitud nº {request.id}</h2>
          <p>
            {request.name} · {request.address}, {request.town}
          </p>
          {request.message ? <p className="admin-pre">{request.message}</p> : null}
          <p>El presupuesto empieza con estos datos; podrá cambiarlos antes de enviarlo.</p>
        </section>
      ) : customer ? (
        <section className="admin-section" aria-labelledby="desde-ficha">
          <h2 id="desde-ficha">Para {customer.name}</h2>
          <p>
            <Link to={customerHref(customer.id)}>Ficha nº {customer.id}</Link>
            {[customer.address, customer.postcode, customer.town].some(Boolean) ? ` · ${[customer.address, customer.postcode, customer.town].filter(Boolean).join(", ")}` : ""}
          </p>
          <p>El presupuesto empieza con los datos de su ficha; podrá cambiarlos antes de enviarlo.</p>
        </section>
      ) : (
        <p>Un presupuesto en blanco, por ejemplo tras una llamada. Para escribirlo desde una solicitud, ábrala y pulse «Escribir presupuesto».</p>
      )}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <Form method="post">
        {request ? <input type="hidden" name="solicitud" value={request.id} /> : null}
        {customer ? <input type="hidden" name="cliente" value={customer.id} /> : null}
        <StartFromTemplate templates={templates} chosen={template} />
        <button type="submit" className="button">
          Crear el presupuesto
        </button>
      </Form>
      <p className="field-hint">Al crearlo se le da el siguiente número de la serie P.</p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/presupuestos", label: "Volver a los presupuestos" }} />;
}
