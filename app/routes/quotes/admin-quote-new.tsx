import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { templateSummary } from "~/domain/quotes/quote-template";
import { startFromTemplateSchema } from "~/domain/quotes/quote-template-forms";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { createQuote, prefillFromRequest } from "~/server/quotes/quote-store.server";
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
 * place still come from the request.
 */

function requestId(value: string | null): number | null {
  if (value === null || value === "") return null;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = pageUrl(request);
  const id = requestId(url.searchParams.get("solicitud"));
  const db = await getDb();
  const templates = (await listTemplates(db)).map((t) => ({ id: t.id, name: t.name, summary: templateSummary(t.draft) }));
  const chosen = Number(url.searchParams.get("plantilla"));
  const template = templates.some((t) => t.id === chosen) ? chosen : null;
  if (id === null) return { request: null, templates, template };
  const prefill = await prefillFromRequest(db, id);
  if (!prefill) throw data(null, { status: 404 });
  return { request: { id, name: prefill.customer.name, address: prefill.customer.address, town: prefill.customer.town, message: prefill.draft.description }, templates, template };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, { maxBytes: 10_000 });
  const id = requestId(typeof form.get("solicitud") === "string" ? (form.get("solicitud") as string) : null);
  const choice = startFromTemplateSchema.safeParse({ plantilla: form.get("plantilla") ?? undefined });
  if (!choice.success) return data({ error: choice.error.issues[0]!.message }, { status: 400 });
  const db = await getDb();
  const prefill = id === null ? null : await prefillFromRequest(db, id);
  if (id !== null && !prefill) throw data(null, { status: 404 });
  const fromTemplate = choice.data.plantilla === null ? null : await draftFromTemplateId(db, choice.data.plantilla, prefill?.draft.description);
  if (choice.data.plantilla !== null && !fromTemplate) return data({ error: "Esa plantilla ya no existe: elija otra o empiece en blanco." }, { status: 404 });
  const quote = await createQuote(db, admin, { ...prefill, ...(fromTemplate ? { draft: fromTemplate.draft } : {}), template: fromTemplate?.name });
  throw redirect(`/admin/presupuestos/${quote.number}${fromTemplate ? `?plantilla=${fromTemplate.unlinked}` : ""}`, 303);
}

export const meta: Route.MetaFunction = () => adminMeta("Nuevo presupuesto");

export default function NewQuotePage({ actionData }: Route.ComponentProps) {
  const { request, templates, template } = useLoaderData<typeof loader>();
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
