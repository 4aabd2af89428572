import { useState } from "react";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { formatDateTime, formatYmd } from "~/domain/dates/madrid-dates";
import { ALTERNATIVE_KEYS } from "~/domain/quotes/quote-content";
import { editorFields } from "~/domain/quotes/quote-editor-fields";
import { isExpired } from "~/domain/quotes/quote-expiry";
import { QUOTE_STATUS_LABELS } from "~/domain/quotes/quote-status";
import { templateStartMessage } from "~/domain/quotes/quote-template";
import { acceptedVatRate } from "~/domain/quotes/quote-vat";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { searchCatalogue } from "~/server/catalogue/catalogue-search.server";
import { serviceOptions, stockOf } from "~/server/quotes/quote-catalogue.server";
import { quoteEditorAction, type EditorReply } from "~/server/quotes/quote-editor-action.server";
import { quoteLink } from "~/server/quotes/quote-emails.server";
import { adminQuoteOr404, responsesOf, versionsOf } from "~/server/quotes/quote-store.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { Price } from "~/ui/price";
import { AlternativeFields, CataloguePicker, PartyFields, TermsFields } from "~/ui/quotes/quote-editor";
import { TemplateFields } from "~/ui/quotes/quote-template-fields";
import type { Route } from "./+types/admin-quote-editor";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /admin/presupuestos/:number — the quote editor (issue 17): the draft (customer, work place,
 * up to three alternatives with their lines, terms), "Enviar al cliente", and the sent
 * versions with the customer's answers. Works without JavaScript: one form, every button saves.
 */

function findQuote(number: string | undefined) {
  return getDb().then((db) => adminQuoteOr404(db, number));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const quote = await findQuote(params.number);
  const db = await getDb();
  const url = pageUrl(request);
  const search = (url.searchParams.get("buscar") ?? "").trim().slice(0, 80);
  // Back from the preview's confirmation (issue 30): ?enviado=<the version sent>.
  const justSent = quote.currentVersion > 0 && url.searchParams.get("enviado") === String(quote.currentVersion);
  // Just created from a template (issue 30): ?plantilla=<its lines no longer on sale>.
  const fromTemplate = /^\d{1,3}$/.exec(url.searchParams.get("plantilla") ?? "");
  const productIds = quote.draft.alternatives.flatMap((a) => a.lines.map((l) => l.productId)).filter((id): id is number => id !== null);
  const [versions, responses, results, stock] = await Promise.all([versionsOf(db, quote.id), responsesOf(db, quote.id), searchCatalogue(db, search), stockOf(db, productIds)]);
  return {
    number: quote.number,
    sentMessage: justSent
      ? `Enviado al cliente: versión ${quote.currentVersion}, válida hasta el ${formatYmd(quote.validUntil!)}.`
      : fromTemplate
        ? templateStartMessage(Number(fromTemplate[0]))
        : null,
    status: quote.status,
    expired: (quote.status === "enviado" || quote.status === "cambios_pedidos") && isExpired(quote.validUntil, new Date()),
    currentVersion: quote.currentVersion,
    validUntil: quote.validUntil,
    link: quote.currentVersion > 0 ? quoteLink(quote.token) : null,
    requestId: quote.contactRequestId,
    updatedAt: quote.updatedAt.toISOString(),
    fields: editorFields({ customer: quote.customer, workPlace: quote.workPlace, draft: quote.draft }),
    search,
    results,
    services: serviceOptions(),
    stock: Object.fromEntries(stock),
    versions: versions.map((v) => ({ version: v.version, sentAt: formatDateTime(v.sentAt), sentBy: v.sentBy, validUntil: v.validUntil, sha: v.documentSha256 })),
    responses: responses.map((r) => ({
      id: r.id,
      version: r.version,
      kind: r.kind,
      alternative: r.alternative,
      fullName: r.fullName,
      message: r.message,
      at: formatDateTime(r.createdAt),
      ip: r.ip,
      userAgent: r.userAgent,
      sha: r.documentSha256,
      signatureKind: r.signatureKind,
      totalCents: r.totalCents,
      depositCents: r.depositCents,
      vatRate: acceptedVatRate(r.reducedVatConfirmed),
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const quote = await findQuote(params.number);
  return quoteEditorAction(request, admin, quote);
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => adminMeta(data ? `Presupuesto ${data.number}` : "Presupuesto");

const KIND_LABELS = { aceptado: "Aceptado", cambios: "Cambios pedidos", rechazado: "Rechazado" } as const;

export default function QuoteEditorPage({ actionData }: Route.ComponentProps) {
  const page = useLoaderData<typeof loader>();
  const reply = actionData as EditorReply | undefined;
  const failed = reply && !reply.ok ? reply : undefined;
  const values = { fields: failed?.fields ?? page.fields, errors: failed?.errors ?? {} };
  const busy = useNavigation().state === "submitting";
  // The running totals follow what is typed (issue 30); before any typing, the saved or posted values.
  const [typed, setTyped] = useState<{ from: Record<string, string>; fields: Record<string, string> } | null>(null);
  const live = typed?.from === values.fields ? typed.fields : values.fields;
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    setTyped({ from: values.fields, fields: Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : ""])) });
  };
  const acceptedCurrent = page.responses.some((r) => r.kind === "aceptado" && r.version === page.currentVersion);
  const actions = (
    <div className="admin-actions quote-editor-actions">
      <button type="submit" name="intent" value="guardar" className="button" aria-disabled={busy || undefined}>
        Guardar borrador
      </button>
      <button type="submit" name="intent" value="enviar" className="button button-accent" aria-disabled={busy || undefined}>
        Vista previa y envío
      </button>
    </div>
  );
  return (
    <>
      <p>
        <Link to="/admin/presupuestos">← Volver a los presupuestos</Link>
        {page.requestId ? (
          <>
            {" · "}
            <Link to={`/admin/solicitudes/${page.requestId}`}>Solicitud nº {page.requestId}</Link>
          </>
        ) : null}
      </p>
      <h1>Presupuesto {page.number}</h1>
      <p>
        <span className="admin-badge">{QUOTE_STATUS_LABELS[page.status]}</span>
        {page.expired ? <span className="admin-badge quote-badge-expired"> Caducado</span> : null}
        {page.currentVersion > 0 ? ` · versión ${page.currentVersion} enviada, válida hasta el ${formatYmd(page.validUntil!)}` : " · todavía no enviado"}
      </p>
      {page.link ? (
        <p className="quote-link">
          Enlace del cliente: <a href={page.link}>{page.link}</a> · <a href={`/admin/presupuestos/${page.number}/pdf`}>PDF de la versión {page.currentVersion}</a>
        </p>
      ) : null}
      {acceptedCurrent ? (
        <p className="quote-note">La versión {page.currentVersion} está aceptada y no cambia. Si edita y envía, será la versión {page.currentVersion + 1}, que el cliente tendrá que aceptar de nuevo.</p>
      ) : null}
      <div role="status" aria-live="polite">
        {reply?.ok ? <p className="form-ok">{reply.message}</p> : !reply && page.sentMessage ? <p className="form-ok">{page.sentMessage}</p> : null}
      </div>
      {failed ? (
        <div role="alert" className="form-error">
          <p>{failed.message}</p>
          {Object.keys(failed.errors).length > 0 ? (
            <ul>
              {Object.entries(failed.errors).map(([name, message]) => (
                <li key={name}>
                  <a href={`#${name}`}>{message}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {/* A new form only when the saved draft changes (its time): once, when the revalidated
          draft arrives, after the answer's message. A refusal keeps the form as typed. */}
      <Form method="post" key={String(page.updatedAt)} className="quote-editor" noValidate onInput={onInput} onChange={onInput}>
        {actions}
        <PartyFields {...values} />
        <TermsFields {...values} />
        <CataloguePicker search={page.search} results={page.results} services={page.services} />
        {ALTERNATIVE_KEYS.map((key) => (
          <AlternativeFields key={key} alt={key} v={values} stock={page.stock} live={live} />
        ))}
        {actions}
        <TemplateFields {...values} takenName={failed?.takenName} />
      </Form>
      <section className="admin-section" aria-labelledby="versiones">
        <h2 id="versiones">Versiones enviadas</h2>
        {page.versions.length === 0 ? <p>Todavía no se ha enviado ninguna versión.</p> : null}
        <ul className="quote-history">
          {page.versions.map((v) => (
            <li key={v.version}>
              Versión {v.version}: enviada el {v.sentAt} por {v.sentBy}, válida hasta el {formatYmd(v.validUntil)} ·{" "}
              <a href={`/admin/presupuestos/${page.number}/pdf?version=${v.version}`}>PDF</a>
              <br />
              <span className="admin-muted quote-hash">SHA-256: {v.sha}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="admin-section" aria-labelledby="respuestas">
        <h2 id="respuestas">Respuestas del cliente</h2>
        {page.responses.length === 0 ? <p>El cliente aún no ha contestado.</p> : null}
        <ul className="quote-history">
          {page.responses.map((r) => (
            <li key={r.id}>
              <strong>{KIND_LABELS[r.kind]}</strong> (versión {r.version}
              {r.alternative ? `, opción ${r.alternative}` : ""}) el {r.at}
              {r.kind === "aceptado" ? (
                <>
                  {" "}
                  por {r.fullName}, firma {r.signatureKind}
                  {r.totalCents !== null ? (
                    <>
                      , total <Price cents={r.totalCents} /> (IVA {r.vatRate} %)
                    </>
                  ) : null}
                  {r.depositCents ? (
                    <>
                      , señal <Price cents={r.depositCents} />
                    </>
                  ) : null}
                </>
              ) : null}
              {r.message ? <p className="admin-pre">«{r.message}»</p> : null}
              <br />
              <span className="admin-muted">
                Dirección: {r.ip || "desconocida"} · Navegador: {r.userAgent || "desconocido"}
              </span>
              <br />
              <span className="admin-muted quote-hash">SHA-256: {r.sha}</span>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link to={`/admin/registro?entidad=presupuesto&id=${page.number}`}>Historial de cambios de este presupuesto</Link>
      </p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/presupuestos", label: "Volver a los presupuestos" }} />;
}
