import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { productFormValues, type ProductFormErrors, type ProductFormValues } from "~/domain/catalogue/product-form";
import { parseProductForm } from "~/domain/catalogue/product-form-schema";
import { FAMILIES, FAMILY_LABELS, isFamily } from "~/domain/catalogue/product";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { createProduct } from "~/server/catalogue/product-editor.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { ProductFormErrorSummary, useProductFormCheck } from "~/ui/catalogue/product-form-check";
import { ProductFormFields } from "~/ui/catalogue/product-form-fields";
import type { Route } from "./+types/admin-product-new";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /admin/catalogo/nuevo (issue 11). The family comes first (?familia=), because it decides
 * the types and the technical fields; then the whole form. The new product shows its family's
 * drawn pictures until photos are uploaded on its page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const family = pageUrl(request).searchParams.get("familia") ?? "";
  return { family: isFamily(family) ? family : null };
}

type Reply = { errors: ProductFormErrors; values: ProductFormValues };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, { maxBytes: 200_000 });
  const parsed = parseProductForm(form);
  if (!parsed.ok) return data<Reply>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await createProduct(await getDb(), { email: admin.email }, parsed.product);
  if (result.kind === "saved") return redirect(`/admin/catalogo/${result.id}?creado=1`);
  const errors = result.kind === "invalid" ? result.errors : { form: "No se ha podido crear el producto." };
  return data<Reply>({ errors, values: parsed.values }, { status: 400 });
}

export const meta: Route.MetaFunction = () => adminMeta("Nuevo producto");

export default function NewProductPage() {
  const { family } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const check = useProductFormCheck(reply?.errors);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p>
        <Link to="/admin/catalogo">← Volver al catálogo</Link>
      </p>
      <h1>Nuevo producto</h1>
      {family === null ? (
        <section className="admin-section" aria-labelledby="nuevo-familia">
          <h2 id="nuevo-familia">¿De qué familia es?</h2>
          <ul className="admin-family-choice">
            {FAMILIES.map((option) => (
              <li key={option}>
                <Link to={`?familia=${option}`} className="button button-secondary">
                  {FAMILY_LABELS[option].singular}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <Form method="post" className="admin-form product-form" noValidate onSubmit={check.onSubmit} onFocus={check.prepare} onPointerDown={check.prepare}>
          <ProductFormErrorSummary errors={check.errors} />
          <p className="field-hint">
            Los campos con <span className="required">*</span> son obligatorios. <Link to="/admin/catalogo/nuevo">Cambiar de familia</Link>
          </p>
          <ProductFormFields family={family} values={reply?.values ?? productFormValues({ family })} errors={check.errors} />
          <div className="admin-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? "Creando…" : "Crear producto"}
            </button>
          </div>
        </Form>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/catalogo", label: "Volver al catálogo" }} />;
}
