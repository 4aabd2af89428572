import type { ReactNode } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { fieldErrors } from "~/domain/fields/field-errors";
import { newTechnicianSchema, technicianChangeSchema } from "~/domain/jobs/job-forms";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { invitationChangeSchema } from "~/domain/accounts/invitations";
import { inviteTechnician, listInvitations, resendInvitation, revokeInvitation } from "~/server/accounts/invitations.server";
import { findTechnician, listTechnicians, revokeTechnician } from "~/server/accounts/technicians.server";
import { getDb } from "~/server/db/db.server";
import { feedUrl, renewFeed, revokeFeed } from "~/server/jobs/calendar-feeds.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, type AdminColumn } from "~/ui/admin/admin-list";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-technicians";

/**
 * Technicians (issue 17): the owner invites them by e-mail and name (issue 28: the invitation's
 * link lets them choose their password, or accept with their existing account), resends or
 * cancels pending invitations, revokes the role, and renews or revokes their calendar feed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const rows = await listTechnicians(db);
  const invitations = await listInvitations(db);
  return {
    rows: rows.map((row) => ({ ...row, feedSince: row.feedSince ? formatYmd(madridDay(row.feedSince)) : null })),
    invitations: invitations.map((row) => ({ ...row, sentAt: formatYmd(madridDay(row.sentAt)) })),
  };
}

type Reply =
  | { ok: true; message: string; feed?: string }
  | { ok: false; intent: string; error: string; fields: Record<string, string>; values?: { name: string; email: string } };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries(await readForm(request, { maxBytes: 4_000 }));
  const db = await getDb();
  if (form.intent === "create") {
    const parsed = newTechnicianSchema.safeParse(form);
    const values = { name: String(form.name ?? "").slice(0, 120), email: String(form.email ?? "").slice(0, 200) };
    if (!parsed.success) return data<Reply>({ ok: false, intent: "create", error: "Revise los datos marcados.", fields: fieldErrors(parsed.error), values }, { status: 400 });
    const result = await inviteTechnician(db, admin, parsed.data);
    if (!result.ok) return data<Reply>({ ok: false, intent: "create", error: result.error, fields: { email: result.error }, values }, { status: result.status });
    return data<Reply>({ ok: true, message: result.message });
  }
  const invitation = invitationChangeSchema.safeParse(form);
  if (invitation.success) {
    const { intent, invitationId } = invitation.data;
    const result = intent === "invitation-resend" ? await resendInvitation(db, admin, invitationId) : await revokeInvitation(db, admin, invitationId);
    if (!result.ok) return data<Reply>({ ok: false, intent, error: result.error, fields: {} }, { status: result.status });
    return data<Reply>({ ok: true, message: result.message });
  }
  const parsed = technicianChangeSchema.safeParse(form);
  if (!parsed.success) return data<Reply>({ ok: false, intent: "change", error: "Esa acción no existe.", fields: {} }, { status: 400 });
  const { intent, userId } = parsed.data;
  if (intent === "revoke") {
    const result = await revokeTechnician(db, admin, userId);
    if (!result.ok) throw data(null, { status: 404 });
    return data<Reply>({ ok: true, message: result.message });
  }
  const tech = await findTechnician(db, userId);
  if (!tech) throw data(null, { status: 404 });
  const actor = { email: admin.email };
  if (intent === "feed-new") {
    const token = await renewFeed(db, actor, userId);
    return data<Reply>({ ok: true, message: `Nueva dirección del calendario de ${tech.name} (la anterior ya no funciona):`, feed: feedUrl(token) });
  }
  const revoked = await revokeFeed(db, actor, userId);
  return data<Reply>({ ok: true, message: revoked ? `El calendario de ${tech.name} ya no funciona.` : `${tech.name} no tenía calendario.` });
}

export const meta: Route.MetaFunction = () => adminMeta("Técnicos");

export default function TechniciansPage() {
  const { rows, invitations } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const createError = (field: string) => (reply && !reply.ok && reply.intent === "create" ? reply.fields[field] : undefined);
  const values = reply && !reply.ok ? reply.values : undefined;
  return (
    <>
      <h1>Técnicos</h1>
      <p>
        <Link to="/admin/trabajos">Trabajos</Link> · <Link to="/admin/calendario">Calendario</Link>
      </p>
      {reply?.ok ? (
        <div role="status" className="admin-reply">
          <p>{reply.message}</p>
          {reply.feed ? <p className="admin-key job-feed-url">{reply.feed}</p> : null}
        </div>
      ) : null}
      {reply && !reply.ok && reply.intent !== "create" ? (
        <p role="alert" className="form-error">
          {reply.error}
        </p>
      ) : null}
      <AdminList table={{ caption: "Técnicos", rowKey: (row) => row.id, columns: technicianColumns(busy) }} rows={rows} empty="Aún no hay técnicos." />
      {invitations.length > 0 ? <PendingInvitations invitations={invitations} busy={busy} /> : null}
      <section className="admin-section admin-form" aria-labelledby="tecnico-nuevo">
        <h2 id="tecnico-nuevo">Invitar a un técnico</h2>
        <p className="field-hint">
          Recibirá un enlace (válido 72 horas, un solo uso) para elegir su contraseña; si ya tiene cuenta con ese email, será técnico cuando acepte con su sesión
          iniciada. La primera vez que entre configurará el segundo factor.
        </p>
        {/* A new key after each success empties the fields for the next technician. */}
        <Form method="post" noValidate key={reply?.ok ? reply.message : "alta"}>
          <input type="hidden" name="intent" value="create" />
          <div className="field">
            <label htmlFor="tecnico-name">Nombre</label>
            <input
              id="tecnico-name"
              name="name"
              required
              maxLength={120}
              autoComplete="off"
              defaultValue={values?.name}
              aria-invalid={createError("name") ? true : undefined}
              aria-describedby={createError("name") ? "tecnico-name-error" : undefined}
            />
            {createError("name") ? (
              <p className="field-error" id="tecnico-name-error">
                {createError("name")}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="tecnico-email">Email</label>
            <input
              id="tecnico-email"
              name="email"
              type="email"
              required
              maxLength={200}
              autoComplete="off"
              defaultValue={values?.email}
              aria-invalid={createError("email") ? true : undefined}
              aria-describedby={createError("email") ? "tecnico-email-error" : undefined}
            />
            {createError("email") ? (
              <p className="field-error" id="tecnico-email-error">
                {createError("email")}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={busy}>
            Enviar la invitación
          </button>
        </Form>
      </section>
    </>
  );
}

type InvitationRow = { id: number; name: string; email: string; sentAt: string; expired: boolean };

/** Invitations not accepted yet: send the link again (72 h more, the old one stops) or cancel it. */
function PendingInvitations({ invitations, busy }: { invitations: InvitationRow[]; busy: boolean }) {
  return (
    <section className="admin-section" aria-labelledby="invitaciones-pendientes">
      <h2 id="invitaciones-pendientes">Invitaciones pendientes</h2>
      <AdminList table={{ caption: "Invitaciones pendientes", rowKey: (row) => row.id, columns: invitationColumns(busy) }} rows={invitations} empty={null} />
    </section>
  );
}

type TechnicianRow = Route.ComponentProps["loaderData"]["rows"][number];

/** One action on a row: a form posting `intent` for this technician (`userId`) or invitation (`invitationId`). */
function RowAction(props: { field: "userId" | "invitationId"; id: string | number; intent: string; danger?: boolean; busy: boolean; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name={props.field} value={props.id} />
      <button type="submit" name="intent" value={props.intent} className={`button ${props.danger ? "button-danger" : "button-secondary"}`} disabled={props.busy}>
        {props.children}
      </button>
    </Form>
  );
}

/** The technicians' columns; `busy` while a post is on its way (its buttons wait). */
const technicianColumns = (busy: boolean): AdminColumn<TechnicianRow>[] => [
  { label: "Nombre", phone: "title", cell: (row) => row.name },
  { label: "Email", className: "admin-email-cell", cell: (row) => row.email },
  { label: "Segundo factor", cell: (row) => (row.enrolled ? "Activado" : <span className="admin-muted">Pendiente</span>) },
  { label: "Calendario", cell: (row) => (row.feedSince ? `Activo desde el ${row.feedSince}` : <span className="admin-muted">Sin calendario</span>) },
  {
    label: "Acciones",
    cell: (row) => (
      <div className="admin-account-actions">
        <RowAction field="userId" id={row.id} intent="feed-new" busy={busy}>
          {row.feedSince ? "Renovar calendario" : "Crear calendario"}
          <span className="visually-hidden"> de {row.name}</span>
        </RowAction>
        {row.feedSince ? (
          <RowAction field="userId" id={row.id} intent="feed-revoke" busy={busy}>
            Revocar calendario<span className="visually-hidden"> de {row.name}</span>
          </RowAction>
        ) : null}
        <RowAction field="userId" id={row.id} intent="revoke" danger busy={busy}>
          Retirar rol de técnico<span className="visually-hidden"> a {row.name}</span>
        </RowAction>
      </div>
    ),
  },
];

const invitationColumns = (busy: boolean): AdminColumn<InvitationRow>[] => [
  { label: "Nombre", phone: "title", cell: (row) => row.name },
  { label: "Email", className: "admin-email-cell", cell: (row) => row.email },
  {
    label: "Enviada",
    cell: (row) => (
      <>
        {row.sentAt}
        {row.expired ? <span className="admin-muted"> (caducada)</span> : null}
      </>
    ),
  },
  {
    label: "Acciones",
    cell: (row) => (
      <div className="admin-account-actions">
        <RowAction field="invitationId" id={row.id} intent="invitation-resend" busy={busy}>
          Reenviar<span className="visually-hidden"> la invitación de {row.email}</span>
        </RowAction>
        <RowAction field="invitationId" id={row.id} intent="invitation-revoke" danger busy={busy}>
          Anular<span className="visually-hidden"> la invitación de {row.email}</span>
        </RowAction>
      </div>
    ),
  },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/tecnicos", label: "Volver a los técnicos" }} />;
}
