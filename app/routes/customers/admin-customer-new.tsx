import { data, Form, Link, redirect, useActionData } from "react-router";
import { readCustomerDetails } from "~/domain/customers/customer-form";
import { customerHref } from "~/domain/customers/customer-list";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { createCustomerRecord } from "~/server/customers/customer-edits.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { CustomerFields, type RecordReply } from "~/ui/customers/customer-record-forms";
import type { Route } from "./+types/admin-customer-new";


/** «Cliente nuevo» (issue 30): a record made by hand, for a customer who phones before asking or buying anything. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

type NewReply = RecordReply & { existing?: number };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries(await readForm(request, { maxBytes: 32_000 }));
  const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
  const read = readCustomerDetails(form);
  if (!read.ok) return data<NewReply>({ intent: "datos", ok: false, error: "Revise los campos marcados.", errors: read.errors, values }, { status: 400 });
  const created = await createCustomerRecord(await getDb(), admin, read.value);
  if (!created.ok) return data<NewReply>({ intent: "datos", ok: false, error: created.error, values, existing: created.existing }, { status: created.status });
  throw redirect(customerHref(created.id), 303);
}

export const meta: Route.MetaFunction = () => adminMeta("Cliente nuevo");

export default function NewCustomerPage() {
  const reply = useActionData<typeof action>();
  const failed = reply && !reply.ok ? reply : null;
  return (
    <>
      <p>
        <Link to="/admin/clientes">← Volver a los clientes</Link>
      </p>
      <h1>Cliente nuevo</h1>
      <p>Los clientes que escriben, reservan, piden presupuesto o compran ya tienen su ficha: búsquelos antes en Clientes.</p>
      <Form method="post" className="admin-form" noValidate>
        <CustomerFields values={failed?.values ?? {}} errors={failed?.errors ?? {}} />
        <button type="submit" className="button">
          Crear la ficha
        </button>
        {failed ? (
          <p role="alert" className="field-error">
            {failed.error} {failed.existing ? <Link to={customerHref(failed.existing)}>Abrir la ficha nº {failed.existing}</Link> : null}
          </p>
        ) : null}
      </Form>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/clientes", label: "Volver a los clientes" }} />;
}
