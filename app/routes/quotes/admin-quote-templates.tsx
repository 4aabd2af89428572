import { Form, Link, useLoaderData } from "react-router";
import { formatDate } from "~/domain/dates/madrid-dates";
import { templateSummary } from "~/domain/quotes/quote-template";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { templateListAction, type TemplateListReply } from "~/server/quotes/quote-template-list-action.server";
import { listTemplates } from "~/server/quotes/quote-templates.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { TemplateCard } from "~/ui/quotes/template-card";
import type { Route } from "./+types/admin-quote-templates";

/*
 * /admin/presupuestos/plantillas (issue 30): the saved quote templates, each with «Empezar un
 * presupuesto», «Cambiar el nombre» and, apart, «Eliminar…», which leads to a second step
 * (?eliminar=ID) with the one button that deletes. Plain forms: they work without JavaScript.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = pageUrl(request);
  const rows = await listTemplates(await getDb());
  const templates = rows.map((t) => ({ id: t.id, name: t.name, summary: templateSummary(t.draft), updatedAt: formatDate(t.updatedAt), createdBy: t.createdBy }));
  const deleting = templates.find((t) => String(t.id) === url.searchParams.get("eliminar")) ?? null;
  return { templates, deleting, deleted: url.searchParams.get("eliminada") === "1" };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return templateListAction(request, admin);
}

export const meta: Route.MetaFunction = () => adminMeta("Plantillas de presupuesto");

export default function QuoteTemplatesPage({ actionData }: Route.ComponentProps) {
  const { templates, deleting, deleted } = useLoaderData<typeof loader>();
  const reply = actionData as TemplateListReply | undefined;
  const failed = reply && !reply.ok ? reply : undefined;
  return (
    <>
      <p>
        <Link to="/admin/presupuestos">← Volver a los presupuestos</Link>
      </p>
      <h1>Plantillas de presupuesto</h1>
      <p>Para empezar un presupuesto con la descripción, las opciones y las condiciones de otro. Se guardan desde el editor, con «Guardar como plantilla».</p>
      <div role="status" aria-live="polite">
        {reply?.ok ? <p className="form-ok">{reply.message}</p> : !reply && deleted ? <p className="form-ok">Plantilla eliminada.</p> : null}
      </div>
      {failed && (failed.id === null || !templates.some((t) => t.id === failed.id) || !failed.errors.name) ? (
        <p role="alert" className="form-error">
          {failed.message}
        </p>
      ) : null}
      {deleting ? (
        <section className="admin-section quote-template-delete" aria-labelledby="eliminar-titulo">
          <h2 id="eliminar-titulo">¿Eliminar la plantilla «{deleting.name}»?</h2>
          <p>Los presupuestos empezados con ella no cambian. No se puede deshacer.</p>
          <Form method="post" action="/admin/presupuestos/plantillas" className="admin-actions">
            <input type="hidden" name="intent" value="eliminar" />
            <input type="hidden" name="id" value={deleting.id} />
            <button type="submit" className="button button-danger">
              Sí, eliminar la plantilla
            </button>
            <Link to="/admin/presupuestos/plantillas">No, volver a las plantillas</Link>
          </Form>
        </section>
      ) : null}
      {templates.length === 0 ? (
        <p className="admin-muted">Aún no hay plantillas. Abra un presupuesto y pulse «Guardar como plantilla».</p>
      ) : (
        <ul className="quote-template-list">
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} failed={failed?.id === template.id && failed.errors.name ? failed : undefined} />
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/presupuestos", label: "Volver a los presupuestos" }} />;
}
