import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { formatDateTime, formatYmd } from "~/domain/dates/madrid-dates";
import { parseRecordFilters, recordFiltersQuery, SUBMISSION_STATE_LABELS, SUBMISSION_STATES } from "~/domain/invoices/verifactu-filters";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listRecords, RECORDS_PER_FILE } from "~/server/invoices/verifactu-list.server";
import { sendNow } from "~/server/invoices/verifactu-send.server";
import { notSendingReason } from "~/server/invoices/verifactu-settings.server";
import { describeCheck, verifyChain } from "~/server/invoices/verifactu-verify.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminColumn } from "~/ui/admin/admin-list";
import { countText } from "~/ui/admin/count-text";
import { FilterSelect } from "~/ui/admin/admin-list-filters";
import { DownloadLink } from "~/ui/admin/download-link";
import { adminMeta } from "~/ui/admin/admin-nav";
import { PeriodFields, periodReset } from "~/ui/admin/period-filter-form";
import type { Route } from "./+types/admin-verifactu";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /admin/facturas/verifactu (issue 13): the VERI*FACTU billing records of a period in the
 * chain's order, where each stands with the AEAT and the AEAT's answer; why records wait when
 * they cannot be sent; the period's XML (SuministroLR) for the advisor; a check of the whole
 * chain; and "send now".
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = parseRecordFilters(pageUrl(request).searchParams);
  if (!parsed.ok) throw data({ message: parsed.error }, { status: 400 });
  const { filters } = parsed;
  const list = await listRecords(await getDb(), filters, filters.page);
  const periodTotal = Object.values(list.byState).reduce((a, b) => a + b, 0);
  return {
    filters,
    byState: list.byState,
    total: list.total,
    pageCount: list.pageCount,
    parts: Math.ceil(periodTotal / RECORDS_PER_FILE),
    notSending: notSendingReason(),
    sender: list.sender
      ? {
          lastTriedAt: list.sender.lastTriedAt ? formatDateTime(list.sender.lastTriedAt) : null,
          lastOutcome: list.sender.lastOutcome,
          nextSendAt: list.sender.nextSendAt && list.sender.nextSendAt > new Date() ? formatDateTime(list.sender.nextSendAt) : null,
        }
      : null,
    rows: list.rows.map((row) => ({
      id: row.id,
      kind: row.kind === "alta" ? "Alta" : "Anulación",
      number: row.number,
      generatedAt: formatDateTime(row.generatedAt),
      huella: row.huella,
      state: SUBMISSION_STATE_LABELS[row.state],
      answer: [row.errorCode, row.errorText].filter(Boolean).join(": "),
      csv: row.csv,
      attempts: row.attempts,
    })),
  };
}

type Reply = { ok: boolean; message: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const db = await getDb();
  if (intent === "comprobar") {
    const check = await verifyChain(db);
    return data<Reply>({ ok: check.ok, message: describeCheck(check) }, { status: check.ok ? 200 : 409 });
  }
  if (intent === "enviar") {
    const reason = notSendingReason();
    if (reason) return data<Reply>({ ok: false, message: reason }, { status: 409 });
    const queued = await sendNow(db);
    return data<Reply>({ ok: true, message: queued ? "Envío a la AEAT en cola: los registros pendientes salen en unos segundos." : "No hay registros pendientes de envío." });
  }
  return data<Reply>({ ok: false, message: "Acción desconocida." }, { status: 400 });
}

export const meta: Route.MetaFunction = () => adminMeta("VERI*FACTU");

const pdfPath = (number: string) => `/admin/facturas/${encodeURIComponent(number)}/pdf`;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminColumn<Row>[] = [
  { label: "Registro", phone: "title", cell: (row) => `#${row.id}` },
  { label: "Tipo", cell: (row) => row.kind },
  {
    label: "Factura",
    cell: (row) => (
      <a href={pdfPath(row.number)} aria-label={`${row.number}, PDF`}>
        {row.number}
      </a>
    ),
  },
  { label: "Generado", cell: (row) => row.generatedAt },
  { label: "Huella", cell: (row) => <code title={row.huella}>{row.huella.slice(0, 16)}…</code> },
  {
    label: "Estado",
    cell: (row) => (
      <>
        {row.state}
        {row.attempts > 0 ? <span className="admin-muted"> ({row.attempts === 1 ? "1 envío" : `${row.attempts} envíos`})</span> : null}
      </>
    ),
  },
  {
    label: "Respuesta de la AEAT",
    className: "admin-anywhere",
    cell: (row) => <WithNote note={row.csv ? `CSV ${row.csv}` : null}>{row.answer || (row.csv ? "Correcto" : "—")}</WithNote>,
  },
];

export default function VerifactuPage() {
  const { filters, byState, total, pageCount, parts, notSending, sender, rows } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const period = `del ${formatYmd(filters.from)} al ${formatYmd(filters.to)}`;
  const summary = SUBMISSION_STATES.filter((state) => byState[state] > 0)
    .map((state) => `${SUBMISSION_STATE_LABELS[state]}: ${byState[state]}`)
    .join(" · ");
  const exportPath = (part: number) => `/admin/facturas/verifactu/exportar${recordFiltersQuery({ ...filters, state: null })}${part > 1 ? `&parte=${part}` : ""}`;
  return (
    <>
      <h1>VERI*FACTU</h1>
      <p>
        Cada factura expedida genera un registro de facturación encadenado al anterior por su huella y se envía a la AEAT. <Link to="/admin/facturas">Volver a las facturas</Link>
      </p>
      {notSending ? (
        <p className="admin-warning" role="status">
          {notSending}
        </p>
      ) : sender?.lastOutcome ? (
        <p role="status">
          Último envío {sender.lastTriedAt ? `(${sender.lastTriedAt})` : ""}: {sender.lastOutcome}
          {sender.nextSendAt ? ` El siguiente, no antes de ${sender.nextSendAt}, como pide la AEAT.` : ""}
        </p>
      ) : null}
      {reply ? (
        <p role={reply.ok ? "status" : "alert"} className={`${reply.ok ? "form-ok admin-done" : "form-error"} admin-anywhere`}>
          {reply.message}
        </p>
      ) : null}
      <div className="admin-actions">
        <Form method="post">
          <button type="submit" name="intent" value="comprobar" className="button button-secondary">
            Comprobar la cadena
          </button>
        </Form>
        {notSending ? null : (
          <Form method="post">
            <button type="submit" name="intent" value="enviar" className="button button-secondary">
              Enviar ahora
            </button>
          </Form>
        )}
      </div>
      <AdminList
        filtered={Boolean(filters.state)}
        filter={{
          label: "Filtrar registros",
          reset: periodReset("/admin/facturas/verifactu"),
          fields: (
            <>
              <PeriodFields idPrefix="registros" from={filters.from} to={filters.to} />
              <FilterSelect id="registros-estado" name="estado" label="Estado" value={filters.state} options={SUBMISSION_STATES.map((state) => [state, SUBMISSION_STATE_LABELS[state]])} />
            </>
          ),
        }}
        status={
          <>
            {countText(total, "registro", "registros")} {period}
            {filters.state ? ` (${SUBMISSION_STATE_LABELS[filters.state].toLowerCase()})` : ""}
            {summary ? (
              <>
                <br />
                <span className="admin-muted">{summary}</span>
              </>
            ) : null}
          </>
        }
        actions={
          // At most 1000 records a file, as the AEAT takes them.
          parts <= 1 ? (
            <DownloadLink to={exportPath(1)}>Exportar XML</DownloadLink>
          ) : (
            Array.from({ length: parts }, (_, i) => (
              <DownloadLink key={i} to={exportPath(i + 1)}>
                Exportar XML, parte {i + 1} de {parts}
              </DownloadLink>
            ))
          )
        }
        table={{ caption: `Registros de facturación ${period}, en el orden de la cadena`, rowKey: (row) => row.id, columns }}
        rows={rows}
        empty={`No se generó ningún registro ${period}.`}
        pager={{ of: "registros", page: filters.page, pageCount, href: (page) => `/admin/facturas/verifactu${recordFiltersQuery(filters, page)}` }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/facturas/verifactu", label: "Volver a VERI*FACTU" }} filter={{ to: "/admin/facturas/verifactu", label: "Ver los registros de este mes" }} />;
}
