import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { productFormValues, type ProductFormErrors, type ProductFormValues } from "~/domain/catalogue/product-form";
import { parseProductForm } from "~/domain/catalogue/product-form-schema";
import { detailHref, FAMILY_LABELS } from "~/domain/catalogue/product";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { readEditableProduct, setProductVisible, updateProduct } from "~/server/catalogue/product-editor.server";
import { getDb } from "~/server/db/db.server";
import { waitingAlertCounts } from "~/server/stock-alerts/stock-alerts.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { ProductFormErrorSummary, useProductFormCheck } from "~/ui/catalogue/product-form-check";
import { ProductFormFields } from "~/ui/catalogue/product-form-fields";
import type { Route } from "./+types/admin-product";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /admin/catalogo/:id (issue 11): every field of the product, and showing or hiding it in the
 * shop. The form carries the version it was shown with; a save over someone else's change is
 * refused (409). A saved change reaches the shop of every instance within seconds.
 */

const NOTICES: Record<string, string> = {
  creado: "Producto creado. Puede subir sus fotos desde «Fotos».",
  guardado: "Cambios guardados. La tienda los muestra en unos segundos.",
  oculto: "Producto oculto: ya no aparece en la tienda.",
  visible: "Producto visible en la tienda.",
};

function productId(param: string | undefined): number {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : 0;
  if (id < 1) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const product = await readEditableProduct(db, productId(params.id));
  if (!product) throw data(null, { status: 404 });
  const waitingAlerts = (await waitingAlertCounts(db, [product.id])).get(product.id) ?? 0;
  const search = pageUrl(request).searchParams;
  const notice = Object.keys(NOTICES).find((key) => search.has(key));
  return {
    id: product.id,
    family: product.family,
    name: `${product.brand} ${product.model}`,
    image: product.image,
    active: product.active,
    version: product.version,
    shopHref: detailHref(product),
    values: productFormValues(product),
    notice: notice ? NOTICES[notice] : null,
    waitingAlerts,
  };
}

type Reply = { errors: ProductFormErrors; values: ProductFormValues; conflict?: string };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = productId(params.id);
  const db = await getDb();
  const form = await readForm(request, { maxBytes: 200_000 });
  const intent = form.get("intent");
  if (intent === "ocultar" || intent === "mostrar") {
    const result = await setProductVisible(db, { email: admin.email }, id, intent === "mostrar");
    if (result === "missing") throw data(null, { status: 404 });
    return redirect(`/admin/catalogo/${id}?${intent === "mostrar" ? "visible" : "oculto"}`);
  }
  if (intent !== "guardar") throw data({ message: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." }, { status: 400 });
  const current = await readEditableProduct(db, id);
  if (!current) throw data(null, { status: 404 });
  // The family is not editable (basket and order lines carry it): the stored one is read.
  form.set("family", current.family);
  const parsed = parseProductForm(form);
  if (!parsed.ok) return data<Reply>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await updateProduct(db, { email: admin.email }, id, String(form.get("version") ?? ""), parsed.product);
  switch (result.kind) {
    case "saved":
      return redirect(`/admin/catalogo/${id}?guardado`);
    case "missing":
      throw data(null, { status: 404 });
    case "conflict":
      return data<Reply>({ errors: {}, values: parsed.values, conflict: result.message }, { status: 409 });
    case "invalid":
      return data<Reply>({ errors: result.errors, values: parsed.values }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData: product }) => adminMeta(product?.name ?? "Producto");

export default function ProductPage() {
  const product = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const check = useProductFormCheck(reply?.errors);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "guardar";
  return (
    <>
      <p>
        <Link to="/admin/catalogo">← Volver al catálogo</Link>
      </p>
      <div className="admin-product-head">
        <img className="admin-product-thumb" src={product.image} alt="" width={96} height={96} />
        <div>
          <h1>{product.name}</h1>
          <p>
            {FAMILY_LABELS[product.family].singular} · id {product.id} ·{" "}
            {product.active ? <span className="admin-badge admin-badge-ok">Visible en la tienda</span> : <span className="admin-badge">Oculto</span>}
          </p>
          {/* Issue 15: they get their e-mail as soon as the stock goes above zero, by whatever path. */}
          <p data-testid="avisos-esperando">
            {product.waitingAlerts === 0
              ? "Nadie espera un aviso de disponibilidad."
              : `${product.waitingAlerts === 1 ? "1 aviso de disponibilidad espera" : `${product.waitingAlerts} avisos de disponibilidad esperan`}: se enviarán en cuanto el stock pase de 0.`}
          </p>
        </div>
      </div>
      {product.notice ? (
        <p role="status" className="form-ok">
          {product.notice}
        </p>
      ) : null}
      <div className="admin-actions">
        <Link to={`/admin/catalogo/${product.id}/fotos`} className="button button-secondary">
          Fotos
        </Link>
        {product.active ? <Link to={product.shopHref}>Ver en la tienda</Link> : null}
        <Link to={`/admin/registro?entidad=producto&id=${product.id}`}>Historial de cambios</Link>
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="intent" value={product.active ? "ocultar" : "mostrar"} />
          <button type="submit" className="button button-secondary">
            {product.active ? "Ocultar de la tienda" : "Mostrar en la tienda"}
          </button>
        </Form>
      </div>
      {reply?.conflict ? (
        <div className="admin-section product-form-errors" role="alert">
          <p className="form-error">{reply.conflict}</p>
          <p>
            <Link to={`/admin/catalogo/${product.id}`} reloadDocument>
              Volver a cargar el producto
            </Link>
          </p>
        </div>
      ) : null}
      {/* Keyed by version: after a save (or on another product) the inputs show the stored values. */}
      <Form method="post" className="admin-form product-form" noValidate onSubmit={check.onSubmit} onFocus={check.prepare} onPointerDown={check.prepare} key={`${product.id}-${product.version}`}>
        <input type="hidden" name="intent" value="guardar" />
        <input type="hidden" name="version" value={product.version} />
        <ProductFormErrorSummary errors={check.errors} />
        <p className="field-hint">
          Los campos con <span className="required">*</span> son obligatorios. La familia no se cambia: los pedidos y las cestas la guardan con el producto.
        </p>
        <ProductFormFields family={product.family} values={reply?.values ?? product.values} errors={check.errors} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Guardando…" : "Guardar cambios"}
          </button>
        </div>
      </Form>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/catalogo", label: "Volver al catálogo" }} />;
}
