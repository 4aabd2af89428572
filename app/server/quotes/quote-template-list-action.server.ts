import { data, redirect } from "react-router";
import { fieldErrors } from "~/domain/fields/field-errors";
import { templateListFormSchema } from "~/domain/quotes/quote-template-forms";
import type { Admin } from "../accounts/admin-access.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { deleteTemplate, renameTemplate } from "./quote-templates.server";

/*
 * /admin/presupuestos/plantillas' forms (issue 30): «Cambiar el nombre» of a template and the
 * confirmed «Sí, eliminar la plantilla». Bad input: 400 with the Spanish error of the field; a
 * name another template has: 409; a template already gone: 404.
 */

export type TemplateListReply = { ok: true; message: string } | { ok: false; id: number | null; message: string; errors: Record<string, string>; name: string };

const LIST = "/admin/presupuestos/plantillas";

export async function templateListAction(request: Request, admin: Admin) {
  const form = await readForm(request, { maxBytes: 10_000 });
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const id = /^\d{1,9}$/.test(fields.id ?? "") ? Number(fields.id) : null;
  const typed = fields.name ?? "";
  const parsed = templateListFormSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<TemplateListReply>({ ok: false, id, message: errors.name ?? errors.id ?? errors.intent ?? errors.form ?? "Revise el formulario.", errors, name: typed }, { status: 400 });
  }
  const db = await getDb();
  const actor = { email: admin.email };
  const gone = "Esa plantilla ya no existe: puede que otra persona la haya eliminado.";
  if (parsed.data.intent === "eliminar") {
    if (!(await deleteTemplate(db, actor, parsed.data.id))) return data<TemplateListReply>({ ok: false, id, message: gone, errors: {}, name: "" }, { status: 404 });
    throw redirect(`${LIST}?eliminada=1`, 303);
  }
  const renamed = await renameTemplate(db, actor, parsed.data.id, parsed.data.name);
  if (renamed.ok) return data<TemplateListReply>({ ok: true, message: `Nombre cambiado: «${renamed.template.name}».` });
  if (renamed.reason === "missing") return data<TemplateListReply>({ ok: false, id, message: gone, errors: {}, name: typed }, { status: 404 });
  const message = `Ya hay otra plantilla llamada «${parsed.data.name}»: elija otro nombre.`;
  return data<TemplateListReply>({ ok: false, id, message, errors: { name: message }, name: typed }, { status: 409 });
}
