import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRICE_LIST_COLUMNS, type PriceListPlan } from "~/domain/catalogue/price-list";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import {
  applyPriceList,
  dryRunPriceList,
  normalisePriceListText,
  PRICE_LIST_CHANGED,
  PRICE_LIST_MAX_BYTES,
  priceListText,
} from "~/server/catalogue/price-list.server";
import { getDb } from "~/server/db/db.server";
import { readUploadForm, uploadedFiles } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { PriceListReport } from "~/ui/catalogue/price-list-report";
import type { Route } from "./+types/admin-products-import";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /admin/catalogo/importar (issue 11): a CSV price list (a file, or pasted) is first checked
 * ("Comprobar": nothing changes, the page shows line by line what would change and what is
 * wrong); "Aplicar cambios" then applies all of it in one transaction, or nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const applied = pageUrl(request).searchParams.get("aplicado");
  return { applied: applied !== null && /^\d{1,6}$/.test(applied) ? Number(applied) : null };
}

type Reply =
  | { error: string }
  | { plan: PriceListPlan; text: string; fingerprint: string; conflict?: string };

const LIMITS = { maxBytes: PRICE_LIST_MAX_BYTES * 2 + 100_000, maxFiles: 1, maxFileBytes: PRICE_LIST_MAX_BYTES };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readUploadForm(request, LIMITS);
  const intent = form.get("intent");
  const db = await getDb();
  if (intent === "comprobar") {
    const [file] = uploadedFiles(form, "archivo");
    const pasted = String(form.get("texto") ?? "");
    const text = normalisePriceListText(file ? priceListText(new Uint8Array(await file.arrayBuffer())) : pasted);
    if (text.trim() === "") return data<Reply>({ error: "Elija un archivo CSV o pegue la lista en el cuadro de texto." }, { status: 400 });
    if (text.length > PRICE_LIST_MAX_BYTES) return data<Reply>({ error: "La lista es demasiado larga: como máximo 1 MB." }, { status: 413 });
    const dryRun = await dryRunPriceList(db, text);
    return data<Reply>({ ...dryRun, text });
  }
  if (intent === "aplicar") {
    const text = normalisePriceListText(String(form.get("texto") ?? ""));
    const result = await applyPriceList(db, { email: admin.email }, text, String(form.get("huella") ?? ""));
    if (result.kind === "applied") return redirect(`/admin/catalogo/importar?aplicado=${result.changed}`);
    // Refused: the page shows the list as it stands now, to check again before applying.
    const fresh = result.kind === "invalid" ? result.dryRun : await dryRunPriceList(db, text);
    const status = result.kind === "conflict" ? 409 : 400;
    return data<Reply>({ ...fresh, text, ...(result.kind === "conflict" ? { conflict: PRICE_LIST_CHANGED } : {}) }, { status });
  }
  return data<Reply>({ error: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." }, { status: 400 });
}

export const meta: Route.MetaFunction = () => adminMeta("Importar lista de precios");

export default function ImportPage() {
  const { applied } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <p>
        <Link to="/admin/catalogo">← Volver al catálogo</Link>
      </p>
      <h1>Importar lista de precios (CSV)</h1>
      {applied !== null ? (
        <p role="status" className="form-ok">
          {applied === 1 ? "Se ha actualizado 1 producto." : `Se han actualizado ${applied} productos.`} La tienda muestra los cambios en unos segundos.
        </p>
      ) : null}
      {reply && "conflict" in reply && reply.conflict ? (
        <p role="alert" className="form-error">
          {reply.conflict}
        </p>
      ) : null}
      {reply && "plan" in reply ? (
        <PriceListReport plan={reply.plan} text={reply.text} fingerprint={reply.fingerprint} busy={busy("aplicar")} />
      ) : null}
      <section className="admin-section" aria-labelledby="importar-archivo">
        <h2 id="importar-archivo">{reply && "plan" in reply ? "Comprobar otra lista" : "Comprobar una lista"}</h2>
        <p>
          Descargue la lista con <Link to="/admin/catalogo/exportar" reloadDocument>Exportar CSV</Link>, cambie precios, stock o visibilidad en la hoja
          de cálculo y súbala aquí. Primero verá qué cambiaría; nada cambia hasta que pulse «Aplicar cambios».
        </p>
        <p className="field-hint">
          Columnas: {PRICE_LIST_COLUMNS.join(", ")}. Separadas por «;» o por «,». Familia, marca y modelo solo sirven para reconocer el producto; no
          se cambian desde aquí. Precios en euros (1.234,56); precio_anterior en blanco lo quita; visible: sí o no.
        </p>
        {reply && "error" in reply ? (
          <p role="alert" className="form-error" id="importar-error">
            {reply.error}
          </p>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="admin-form admin-import-form">
          <input type="hidden" name="intent" value="comprobar" />
          <div className="field">
            <label htmlFor="importar-fichero">Archivo CSV</label>
            <input id="importar-fichero" name="archivo" type="file" accept=".csv,text/csv,text/plain" />
          </div>
          <div className="field">
            <label htmlFor="importar-texto">O pegue aquí la lista</label>
            <textarea id="importar-texto" name="texto" rows={6} spellCheck={false} />
          </div>
          <button type="submit" className="button" disabled={busy("comprobar")}>
            {busy("comprobar") ? "Comprobando…" : "Comprobar"}
          </button>
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/catalogo/importar", label: "Volver a importar" }} />;
}
