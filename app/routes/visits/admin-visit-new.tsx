import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { customerHref } from "~/domain/customers/customer-list";
import { SLOT_GONE_MESSAGE, SLOT_TAKEN_MESSAGE, type FieldErrors, type VisitFormValues } from "~/domain/visits/visit-fields";
import { parseBookingForm, SLOT_REQUIRED, visitInput } from "~/domain/visits/visit-forms";
import { slotsByDay } from "~/domain/visits/visit-slots";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { technicianChoices } from "~/server/accounts/technicians.server";
import { customerParam, customerToStartFrom } from "~/server/customers/customer-prefill.server";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { readForm } from "~/server/http/request-body.server";
import { bookVisit } from "~/server/visits/visit-booking.server";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { assignVisitTechnician } from "~/server/visits/visit-technician.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { NextSlots, SlotPicker } from "~/ui/visits/slot-picker";
import { VisitContactFields } from "~/ui/visits/visit-contact-fields";
import type { Route } from "./+types/admin-visit-new";

/*
 * /admin/visitas/nueva — «Visita nueva» (issue 30): the owner books a free visit for a customer
 * who phones, in one of the same free slots the customer would see (the booking rules and the
 * confirmation e-mail with its .ics are the customer's own), and may give it to a technician.
 * ?cliente=<id> starts from a customer record and keeps the visit on it.
 */

type Reply = { error: string; errors?: FieldErrors; values: VisitFormValues; next?: { start: string; end: string }[]; customerId: number | null; technicianId: string };

function valuesOf(row: { name: string; phone: string; email: string; address: string; postcode: string; town: string } | null): VisitFormValues {
  const address = row ? [row.address, row.postcode].filter(Boolean).join(", ") : "";
  return { name: row?.name ?? "", phone: row?.phone ?? "", email: row?.email ?? "", address, town: row?.town ?? "", notes: "" };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const id = customerParam(pageUrl(request));
  const row = id === null ? null : await customerToStartFrom(db, id);
  if (id !== null && !row) throw data(null, { status: 404 });
  const [slots, technicians] = await Promise.all([currentFreeSlots(db), technicianChoices(db)]);
  return { values: valuesOf(row), customer: row ? { id: row.id, name: row.name } : null, days: slotsByDay(slots), technicians };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, { maxBytes: 20_000 });
  const db = await getDb();
  const id = customerParam(form);
  const customerId = id === null ? null : ((await customerToStartFrom(db, id))?.id ?? null);
  const technicianId = typeof form.get("tecnico") === "string" ? (form.get("tecnico") as string) : "";
  const values = visitInput(form);
  const refuse = (reply: Omit<Reply, "values" | "customerId" | "technicianId">, status: number) => data<Reply>({ ...reply, values, customerId, technicianId }, { status });
  const parsed = parseBookingForm(form);
  if (!parsed.ok) return refuse({ error: Object.values(parsed.errors)[0] ?? SLOT_REQUIRED, errors: parsed.errors }, 400);
  const booked = await bookVisit(db, { slotStart: parsed.slot, contact: parsed.contact, contactRequestId: null, staff: { email: admin.email, customerId } });
  if (!booked.ok) {
    const error = booked.reason === "taken" ? SLOT_TAKEN_MESSAGE : SLOT_GONE_MESSAGE;
    return refuse({ error, errors: { slot: error }, next: booked.next.map(({ start, end }) => ({ start, end })) }, 409);
  }
  // The visit is booked either way; a technician who is busy then is said on the visits' list.
  const given = technicianId ? await assignVisitTechnician(db, admin, booked.visit.id, technicianId) : null;
  const note = given && !given.ok ? `&tecnico=${encodeURIComponent(given.error)}` : "";
  throw redirect(`/admin/visitas?reservada=${booked.visit.id}${note}`, 303);
}

export const meta: Route.MetaFunction = () => adminMeta("Visita nueva");

export default function NewVisitPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const customerId = reply ? reply.customerId : (page.customer?.id ?? null);
  return (
    <>
      <p>
        <Link to="/admin/visitas">← Volver a las visitas</Link>
      </p>
      <h1>Visita nueva</h1>
      <p>
        La visita gratuita para un cliente que llama, en una de las horas libres que él mismo vería. Le llega la confirmación por correo, con
        el enlace para cambiarla o anularla
        {page.customer ? (
          <>
            ; queda en la ficha de <Link to={customerHref(page.customer.id)}>{page.customer.name}</Link>
          </>
        ) : null}
        .
      </p>
      {page.days.length === 0 ? (
        <p className="admin-reply">No quedan horas libres: amplíe el horario de visitas en Visitas.</p>
      ) : (
        <Form method="post" className="visit-form admin-form" noValidate>
          {customerId !== null ? <input type="hidden" name="cliente" value={customerId} /> : null}
          {reply ? (
            <div id="visita-nueva-error" role="alert">
              <p className="field-error">{reply.error}</p>
              {reply.next ? <NextSlots next={reply.next} /> : null}
            </div>
          ) : null}
          <SlotPicker days={page.days} chosen={reply?.next?.[0]?.start} error={reply?.errors?.slot} errorId="visita-nueva-error" />
          <VisitContactFields values={reply?.values ?? page.values} errors={reply?.errors} legend="Datos del cliente" />
          {page.technicians.length > 0 ? (
            <div className="field">
              <label htmlFor="visita-tecnico">Técnico (opcional)</label>
              <select id="visita-tecnico" name="tecnico" defaultValue={reply?.technicianId ?? ""}>
                <option value="">Sin asignar</option>
                {page.technicians.map((tech) => (
                  <option key={tech.id} value={tech.id}>
                    {tech.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className="button">
            Reservar la visita
          </button>
        </Form>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/visitas", label: "Volver a las visitas" }} />;
}
