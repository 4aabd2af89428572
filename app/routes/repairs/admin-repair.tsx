import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { telHref } from "~/domain/site/contact-links";
import { REPAIR_FAMILY_LABELS, REPAIR_STATE_LABELS, REPAIR_STATES, repairReference, URGENCY_LABELS, type RepairSource } from "~/domain/repairs/repair-fields";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { findRepairRequest, updateRepairRequest } from "~/server/repairs/repair-requests.server";
import { openRepairJob } from "~/server/repairs/repair-job.server";
import { photoSizes } from "~/server/images/image-store.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { FormReply } from "~/ui/admin/form-reply";
import type { Route } from "./+types/admin-repair";

/*
 * /admin/averias/:id (issue 31): everything the customer said, the unit and what they were told
 * it would cost, the photos; the owner opens its repair job (scheduled on the job's page), or
 * marks it «Atendida» (arranged otherwise) or «Anulada», with notes.
 */

const SOURCE_LABELS: Record<RepairSource, string> = { web: "Formulario de la web", "mis-equipos": "Mis equipos (equipo instalado por nosotros)", telefono: "Por teléfono" };

function repairId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const repair = await findRepairRequest(await getDb(), repairId(params.id));
  if (!repair) throw data(null, { status: 404 });
  const photos = (await photoSizes(await getDb(), repair.photoIds)).map((photo) => ({
    imageId: photo.imageId,
    src: `/admin/averias/${repair.id}/fotos/${photo.imageId}-${photo.widths[0] ?? photo.width}.jpg`,
    href: `/admin/averias/${repair.id}/fotos/${photo.imageId}-${photo.widths.at(-1) ?? photo.width}.jpg`,
    width: photo.width,
    height: photo.height,
  }));
  return {
    photos,
    repair: { ...repair, reference: repairReference(repair.id), createdAt: formatDateTime(repair.createdAt) },
    labels: { family: REPAIR_FAMILY_LABELS[repair.family], urgency: URGENCY_LABELS[repair.urgency], source: SOURCE_LABELS[repair.source] },
  };
}

const changeForm = z.object({
  state: z.enum(REPAIR_STATES, "Elija un estado de la lista."),
  notas: z.string().max(5000, "Las notas tienen como máximo 5000 caracteres.").default(""),
});

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = repairId(params.id);
  const form = Object.fromEntries(await readForm(request, { maxBytes: 40_000 }));
  if (form.intent === "trabajo") {
    const opened = await openRepairJob(await getDb(), { email: admin.email }, id);
    if (!opened.ok && opened.status === 404) throw data(null, { status: 404 });
    if (!opened.ok) return data({ ok: false as const, error: opened.message }, { status: opened.status });
    throw redirect(`/admin/trabajos/${opened.jobId}`, 303);
  }
  const parsed = changeForm.safeParse(form);
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]?.message ?? "Revise el formulario." }, { status: 400 });
  const updated = await updateRepairRequest(await getDb(), { email: admin.email }, id, { state: parsed.data.state, ownerNotes: parsed.data.notas.trim() });
  if (!updated) throw data(null, { status: 404 });
  return { ok: true as const, message: `Guardado: «${REPAIR_STATE_LABELS[updated.state]}».` };
}

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Avería n.º ${params.id}`);

export default function RepairPage() {
  const { repair, labels, photos } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const plate = [repair.brand, repair.model].filter(Boolean).join(" ");
  return (
    <>
      <p>
        <Link to="/admin/averias">← Averías</Link>
      </p>
      <h1>
        Avería {repair.reference}
        {repair.urgency === "urgente" ? (
          <>
            {" "}
            <strong className="admin-badge admin-badge-warn">Urgente</strong>
          </>
        ) : null}
      </h1>
      <dl className="admin-details">
        <dt>Cliente</dt>
        <dd>{repair.customerId ? <Link to={`/admin/clientes/${repair.customerId}`}>{repair.customerName}</Link> : repair.customerName}</dd>
        <dt>Teléfono</dt>
        <dd>
          <a href={telHref(repair.customerPhone)}>{repair.customerPhone}</a>
        </dd>
        <dt>Email</dt>
        <dd>{repair.customerEmail || "—"}</dd>
        <dt>Dirección</dt>
        <dd>
          {repair.address}, {repair.postcode} {repair.town}
        </dd>
        <dt>Equipo</dt>
        <dd>
          {labels.family}
          {plate ? `: ${plate}` : ""}
          {repair.serialNumber ? ` · n.º de serie ${repair.serialNumber}` : ""}
          {repair.installedUnitId ? " · instalado por nosotros" : ""}
          {repair.planId ? " · " : ""}
          {repair.planId ? <Link to="/admin/mantenimiento">plan de mantenimiento n.º {repair.planId}</Link> : null}
        </dd>
        <dt>Qué le pasa</dt>
        <dd className="admin-pre">{repair.problem}</dd>
        <dt>Urgencia</dt>
        <dd>{labels.urgency}</dd>
        <dt>Cuándo pueden ir</dt>
        <dd>{repair.availability || "—"}</dd>
        <dt>Lo que se le dijo que cuesta</dt>
        <dd>{repair.coverage.text}</dd>
        <dt>Recibido</dt>
        <dd>
          {repair.createdAt} · {labels.source}
          {repair.takenBy ? ` (${repair.takenBy})` : ""}
        </dd>
      </dl>
      <section aria-labelledby="averia-trabajo">
        <h2 id="averia-trabajo">Reparación</h2>
        {repair.jobId ? (
          <p>
            <Link to={`/admin/trabajos/${repair.jobId}`}>Ver el trabajo de reparación</Link> (se programa, se reporta y se cobra allí).
          </p>
        ) : (
          <Form method="post">
            <p className="field-hint">Crea un trabajo sin presupuesto escrito: lo programa en su página y el técnico hace el parte con el diagnóstico, las piezas y la mano de obra.</p>
            <button type="submit" name="intent" value="trabajo" className="button" disabled={repair.state === "anulada"}>
              Crear el trabajo de reparación
            </button>
          </Form>
        )}
        <p>
          <a href={`/averias/${repair.token}`}>Página de la avería del cliente</a>
        </p>
      </section>
      {photos.length ? (
        <section aria-labelledby="averia-fotos">
          <h2 id="averia-fotos">Fotos</h2>
          <ul className="admin-photos">
            {photos.map((photo, i) => (
              <li key={photo.imageId}>
                <a href={photo.href}>
                  <img src={photo.src} alt={`Foto ${i + 1} de la avería`} width={160} height={Math.round((160 * photo.height) / photo.width)} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="averia-estado">
        <h2 id="averia-estado">Estado</h2>
        <FormReply reply={reply ?? null} />
        <Form method="post" className="admin-form">
          <div className="field">
            <label htmlFor="averia-state">Estado</label>
            <select id="averia-state" name="state" defaultValue={repair.state}>
              {REPAIR_STATES.map((state) => (
                <option key={state} value={state}>
                  {REPAIR_STATE_LABELS[state]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="averia-notas">Notas internas</label>
            <textarea id="averia-notas" name="notas" rows={4} maxLength={5000} defaultValue={repair.ownerNotes} />
          </div>
          <button type="submit" className="button">
            Guardar
          </button>
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/averias", label: "Volver a las averías" }} />;
}
