import { data, Link, useActionData, useLoaderData } from "react-router";
import { customerLabel } from "~/domain/customers/customer-facts";
import { mergeForm, readCustomerDetails } from "~/domain/customers/customer-form";
import { formatDate, formatDateTime, formatYmd } from "~/domain/dates/madrid-dates";
import { firstMessage } from "~/domain/fields/field-errors";
import { JOB_STATUS_LABELS } from "~/domain/jobs/job-status";
import { QUOTE_STATUS_LABELS } from "~/domain/quotes/quote-status";
import { REQUEST_STATE_LABELS } from "~/domain/quotes/request-state";
import { mapHref, telHref } from "~/domain/site/contact-links";
import { VISIT_STATE_LABELS } from "~/domain/visits/visit-state";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { mergeCustomers, saveCustomerDetails } from "~/server/customers/customer-edits.server";
import { customerRecord } from "~/server/customers/customer-record.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { CustomerDetailsForm, MergeForm, type RecordReply } from "~/ui/customers/customer-record-forms";
import { Fact, RecordList } from "~/ui/customers/customer-record-lists";
import { PLAN_STATE_LABELS } from "~/domain/maintenance/plans";
import { REPAIR_FAMILY_LABELS, REPAIR_STATE_LABELS, repairReference } from "~/domain/repairs/repair-fields";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import type { Route } from "./+types/admin-customer";

/** One customer (issue 30): the record and everything tied to it, on one screen; edit, notes, merge. */

/** What the owner can start for this customer, each page prefilled from the record (?cliente=). */
const START_FOR_CUSTOMER = [
  { to: "/admin/solicitudes/nueva", label: "Solicitud nueva" },
  { to: "/admin/visitas/nueva", label: "Visita nueva" },
  { to: "/admin/presupuestos/nuevo", label: "Presupuesto nuevo" },
  { to: "/admin/pedidos/telefono", label: "Pedido por teléfono" },
] as const;
const recordId = (id: string | undefined) => (id && /^\d{1,9}$/.test(id) ? Number(id) : null);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = recordId(params.id);
  const found = id === null ? null : await customerRecord(await getDb(), id);
  if (!found) throw data(null, { status: 404 });
  const { record } = found;
  return {
    record: { ...record, label: customerLabel(record), createdAt: formatDate(record.createdAt) },
    account: found.account,
    requests: found.requests.map((r) => ({ key: `s${r.id}`, href: `/admin/solicitudes/${r.id}`, title: `Solicitud nº ${r.id}`, details: [formatDate(r.createdAt), r.town, REQUEST_STATE_LABELS[r.state]] })),
    visits: found.visits.map((v) => ({
      key: `v${v.id}`,
      href: v.requestId ? `/admin/solicitudes/${v.requestId}` : "/admin/visitas",
      title: `Visita del ${formatDateTime(v.startsAt)}`,
      details: [v.town, VISIT_STATE_LABELS[v.state]],
    })),
    quotes: found.quotes.map((q) => ({
      key: `p${q.id}`,
      href: `/admin/presupuestos/${encodeURIComponent(q.number)}`,
      title: `Presupuesto ${q.number}`,
      details: [formatDate(q.createdAt), QUOTE_STATUS_LABELS[q.status], q.validUntil ? `válido hasta el ${formatYmd(q.validUntil)}` : null],
    })),
    orders: found.orders.map((o) => ({ key: `o${o.id}`, href: `/admin/pedidos/${encodeURIComponent(o.number)}`, title: `Pedido ${o.number}`, details: [formatDate(o.createdAt), o.status], cents: o.amountCents })),
    jobs: found.jobs.map((j) => ({
      key: `t${j.id}`,
      href: `/admin/trabajos/${j.id}`,
      title: j.quoteNumber ? `Trabajo del presupuesto ${j.quoteNumber}` : `Mantenimiento: ${j.title ?? `trabajo n.º ${j.id}`}`,
      details: [j.startsAt ? formatDateTime(j.startsAt) : "Sin fecha", JOB_STATUS_LABELS[j.status]],
    })),
    invoices: found.invoices.map((i) => ({
      key: `f${i.number}`,
      href: `/admin/facturas/${encodeURIComponent(i.number)}/pdf`,
      title: `${i.series === "R" ? "Factura rectificativa" : "Factura"} ${i.number}`,
      details: [formatYmd(i.issuedOn)],
      cents: i.totalCents,
    })),
    units: found.units.map((u) => ({
      key: `e${u.id}`,
      href: `/admin/trabajos/${u.jobId}`,
      title: `${u.brand} ${u.model}`.trim() || "Equipo",
      details: [`nº de serie ${u.serialNumber}`, `instalado el ${formatYmd(u.installedOn)}`, `garantía de piezas hasta el ${formatYmd(u.partsWarrantyUntil)}`],
    })),
    plans: found.plans.map((p) => ({
      key: `m${p.id}`,
      href: `/admin/mantenimiento?mes=${p.renewsOn.slice(0, 7)}`,
      title: `${MAINTENANCE_TITLES[p.family]} (plan nº ${p.id})`,
      details: [PLAN_STATE_LABELS[p.state], `desde el ${formatYmd(p.startedOn)}`, `se renueva el ${formatYmd(p.renewsOn)}`],
      cents: p.priceCents,
    })),
    repairs: found.repairs.map((r) => ({
      key: `a${r.id}`,
      href: `/admin/averias/${r.id}`,
      title: `Avería ${repairReference(r.id)}: ${REPAIR_FAMILY_LABELS[r.family]}`,
      details: [REPAIR_STATE_LABELS[r.state], formatDateTime(r.createdAt), ...(r.urgency === "urgente" ? ["urgente"] : [])],
    })),
    merged: found.merged.map((m) => ({ id: m.id, label: customerLabel(m), email: m.email })),
    candidates: found.candidates,
  };
}

const reply = (value: RecordReply, status = 200) => data<RecordReply>(value, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = recordId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const form = Object.fromEntries(await readForm(request, { maxBytes: 32_000 }));
  const db = await getDb();
  if (form.intent === "datos") {
    const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
    const read = readCustomerDetails(form);
    if (!read.ok) return reply({ intent: "datos", ok: false, error: "Revise los campos marcados.", errors: read.errors, values }, 400);
    const saved = await saveCustomerDetails(db, admin, id, read.value);
    if (!saved.ok && saved.status === 404) throw data(null, { status: 404 });
    return saved.ok ? reply({ intent: "datos", ...saved }) : reply({ intent: "datos", ok: false, error: saved.error, values }, saved.status);
  }
  if (form.intent === "unir") {
    const parsed = mergeForm.safeParse({ other: form.other ?? "", confirm: form.confirm ?? "" });
    if (!parsed.success) return reply({ intent: "unir", ok: false, error: firstMessage(parsed.error, "Revise el número de la otra ficha.") }, 400);
    const merged = await mergeCustomers(db, admin, id, parsed.data.other);
    if (!merged.ok && merged.status === 404) throw data(null, { status: 404 });
    return merged.ok ? reply({ intent: "unir", ...merged }) : reply({ intent: "unir", ok: false, error: merged.error }, merged.status);
  }
  return reply({ intent: "datos", ok: false, error: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." }, 400);
}

export const meta: Route.MetaFunction = ({ loaderData: found }) => adminMeta(found?.record.label ?? "Cliente");

export default function CustomerRecordPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { record } = page;
  const place = [record.address, record.postcode, record.town].filter(Boolean).join(", ");
  return (
    <>
      <p>
        <Link to="/admin/clientes">← Volver a los clientes</Link>
      </p>
      <h1>{record.label}</h1>
      <section className="admin-section" aria-labelledby="ficha-datos">
        <h2 id="ficha-datos">Ficha nº {record.id}</h2>
        <dl className="admin-details">
          <Fact label="Teléfono">{record.phone ? <a href={telHref(record.phone)}>Llamar al {record.phone}</a> : null}</Fact>
          <Fact label="E-mail">{record.email ? <a href={`mailto:${record.email}`}>{record.email}</a> : null}</Fact>
          <Fact label="NIF">{record.nif}</Fact>
          <Fact label="Dirección">
            {place ? (
              <a href={mapHref(place)} target="_blank" rel="noopener noreferrer">
                {place}
                <span className="visually-hidden"> (mapa, se abre en otra pestaña)</span>
              </a>
            ) : null}
          </Fact>
          <Fact label="Cuenta en la tienda">
            {page.account ? (
              <Link to={`/admin/cuentas/${encodeURIComponent(page.account.id)}`}>
                {page.account.email}
                {page.account.banned ? " (deshabilitada)" : ""}
              </Link>
            ) : (
              "Sin cuenta"
            )}
          </Fact>
          <Fact label="Cliente desde">{record.createdAt}</Fact>
          <Fact label="Notas">{record.notes ? <span className="admin-pre">{record.notes}</span> : null}</Fact>
          {page.merged.length > 0 ? (
            <Fact label="Fichas unidas a esta">{page.merged.map((m) => `nº ${m.id} (${m.label}${m.email ? `, ${m.email}` : ""})`).join("; ")}</Fact>
          ) : null}
        </dl>
      </section>
      <nav className="admin-actions" aria-label="Empezar para este cliente">
        {START_FOR_CUSTOMER.map((start) => (
          <Link key={start.to} to={`${start.to}?cliente=${record.id}`} className="button button-secondary">
            {start.label}
          </Link>
        ))}
      </nav>
      <RecordList id="ficha-solicitudes" title="Solicitudes" entries={page.requests} empty="Sin solicitudes." />
      <RecordList id="ficha-visitas" title="Visitas" entries={page.visits} empty="Sin visitas." />
      <RecordList id="ficha-presupuestos" title="Presupuestos" entries={page.quotes} empty="Sin presupuestos." />
      <RecordList id="ficha-trabajos" title="Trabajos" entries={page.jobs} empty="Sin trabajos." />
      <RecordList id="ficha-pedidos" title="Pedidos" entries={page.orders} empty="Sin pedidos." />
      <RecordList id="ficha-facturas" title="Facturas" entries={page.invoices} empty="Sin facturas." />
      <RecordList id="ficha-equipos" title="Equipos instalados" entries={page.units} empty="Sin equipos instalados por la tienda." />
      <RecordList id="ficha-planes" title="Planes de mantenimiento" entries={page.plans} empty="Sin planes de mantenimiento." />
      <RecordList id="ficha-averias" title="Averías" entries={page.repairs} empty="Sin avisos de avería." />
      <CustomerDetailsForm details={record} reply={answer} />
      <p>
        <Link to={`/admin/registro?entidad=ficha&id=${record.id}`}>Historial de cambios de esta ficha</Link>
      </p>
      <MergeForm id={record.id} candidates={page.candidates} reply={answer} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/clientes", label: "Volver a los clientes" }} />;
}
