import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { CONTACT_FIELDS, CONTACT_LABELS, CONTACT_MAX_LENGTH, contactInput, type ContactField } from "~/domain/quotes/contact-form";
import { validateContact } from "~/domain/quotes/contact-form-schema";
import { customerHref } from "~/domain/customers/customer-list";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { customerParam, customerToStartFrom } from "~/server/customers/customer-prefill.server";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { readForm } from "~/server/http/request-body.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-request-new";

/*
 * /admin/solicitudes/nueva — «Solicitud nueva» (issue 30): the owner writes down a request
 * made by phone, with the contact form's fields and rules. It joins the inbox like any other
 * (the task card included); no e-mail or alert goes to the shop, since the owner typed it.
 * ?cliente=<id> starts from a customer record and keeps the request on it.
 */

export const NEW_REQUEST_PATH = "/admin/solicitudes/nueva";

type Values = Record<ContactField, string>;
type Reply = { error: string; invalid: string[]; values: Values; customerId: number | null };

function valuesOf(row: { name: string; company: string; phone: string; email: string; address: string; postcode: string; town: string } | null): Values {
  const empty = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ""])) as Values;
  if (!row) return empty;
  const address = [row.address, row.postcode].filter(Boolean).join(", ");
  return { ...empty, nameAndSurname: row.company ? `${row.name} (${row.company})` : row.name, phone: row.phone, email: row.email, adress: address, state: row.town };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = customerParam(pageUrl(request));
  const row = id === null ? null : await customerToStartFrom(await getDb(), id);
  if (id !== null && !row) throw data(null, { status: 404 });
  return { values: valuesOf(row), customer: row ? { id: row.id, name: row.name } : null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, { maxBytes: 40_000 });
  const db = await getDb();
  const id = customerParam(form);
  const customerId = id === null ? null : ((await customerToStartFrom(db, id))?.id ?? null);
  const typed = contactInput(form);
  const values = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, typed[field].slice(0, CONTACT_MAX_LENGTH[field])])) as Values;
  const checked = validateContact(form);
  if (!checked.ok) return data<Reply>({ error: checked.error, invalid: checked.invalid, values, customerId }, { status: 400 });
  const requestId = await storeContactRequest(db, checked.values, { productId: null, sourcePage: NEW_REQUEST_PATH, staff: { email: admin.email, customerId } });
  throw redirect(`/admin/solicitudes/${requestId}`, 303);
}

export const meta: Route.MetaFunction = () => adminMeta("Solicitud nueva");

export default function NewRequestPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const values = reply?.values ?? page.values;
  const customerId = reply ? reply.customerId : (page.customer?.id ?? null);
  return (
    <>
      <p>
        <Link to="/admin/solicitudes">← Volver a las solicitudes</Link>
      </p>
      <h1>Solicitud nueva</h1>
      <p>
        Para un cliente que llama: lo que pide, con los mismos datos que el formulario de contacto. Entra en Solicitudes como las demás
        {page.customer ? (
          <>
            {" "}
            y queda en la ficha de <Link to={customerHref(page.customer.id)}>{page.customer.name}</Link>
          </>
        ) : null}
        .
      </p>
      <Form method="post" className="admin-form" noValidate>
        {customerId !== null ? <input type="hidden" name="cliente" value={customerId} /> : null}
        {CONTACT_FIELDS.map((field) => {
          const invalid = reply?.invalid.includes(field) ?? false;
          const common = {
            id: `solicitud-${field}`,
            name: field,
            maxLength: CONTACT_MAX_LENGTH[field],
            defaultValue: values[field],
            "aria-invalid": invalid || undefined,
            "aria-describedby": invalid ? "solicitud-error" : undefined,
          };
          return (
            <div className="field" key={field}>
              <label htmlFor={common.id}>{field === "message" ? "Qué necesita" : CONTACT_LABELS[field]}</label>
              {field === "message" ? (
                <textarea {...common} rows={6} />
              ) : (
                <input {...common} type={field === "email" ? "email" : field === "phone" ? "tel" : "text"} autoComplete="off" />
              )}
            </div>
          );
        })}
        {reply ? (
          <p id="solicitud-error" role="alert" className="field-error">
            {reply.error}
          </p>
        ) : null}
        <button type="submit" className="button">
          Guardar la solicitud
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/solicitudes", label: "Volver a las solicitudes" }} />;
}
