import { data, redirect } from "react-router";
import { ALTERNATIVE_KEYS, type AlternativeKey, type QuoteLine } from "~/domain/quotes/quote-content";
import type { EditorReply } from "~/domain/quotes/quote-editor-fields";
import { parseEditorForm, sendProblems, type EditorValue } from "~/domain/quotes/quote-editor-form";
import type { Admin } from "../accounts/admin-access.server";
import { audit } from "../audit.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { productLine, serviceLine } from "./quote-catalogue.server";
import { saveDraft, type Quote } from "./quote-store.server";
import { saveAsTemplate, templateNameOf } from "./quote-template-action.server";

/*
 * The quote editor's one form (issue 17). Every button saves what was typed first, so nothing
 * is lost without JavaScript: "Guardar borrador", "Enviar al cliente", the catalogue search,
 * and "Añadir" of a product or a service to an alternative. Bad input: 400 with the Spanish
 * error of each field and what was typed, nothing saved.
 */

export type { EditorReply } from "~/domain/quotes/quote-editor-fields";

const MAX_BYTES = 400_000;

/** Option `from` copied into the first option without lines (B, then C...), or null when none is free. */
function duplicated(value: EditorValue, from: AlternativeKey): { value: EditorValue; key: AlternativeKey } | null {
  const source = value.draft.alternatives.find((a) => a.key === from);
  const free = ALTERNATIVE_KEYS.find((key) => key !== from && !value.draft.alternatives.some((a) => a.key === key && a.lines.length > 0));
  if (!source || !free) return null;
  const alternatives = [...value.draft.alternatives.filter((a) => a.key !== free), { ...source, key: free, title: source.title ? `${source.title} (copia)` : "" }];
  alternatives.sort((a, b) => a.key.localeCompare(b.key));
  return { value: { ...value, draft: { ...value.draft, alternatives } }, key: free };
}

function withLine(value: EditorValue, key: AlternativeKey, line: QuoteLine): EditorValue {
  const alternatives = [...value.draft.alternatives];
  const at = alternatives.findIndex((a) => a.key === key);
  if (at >= 0) alternatives[at] = { ...alternatives[at]!, lines: [...alternatives[at]!.lines, line] };
  else alternatives.push({ key, title: "", lines: [line] });
  alternatives.sort((a, b) => a.key.localeCompare(b.key));
  return { ...value, draft: { ...value.draft, alternatives } };
}

export async function quoteEditorAction(request: Request, admin: Admin, quote: Quote) {
  const form = await readForm(request, { maxBytes: MAX_BYTES });
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const intent = fields.intent ?? "guardar";
  // "Quitar" of a line (issue 30): the line goes as the old "Quitar" box did, with everything else typed saved.
  const removed = /^quitar:([ABC]):(\d{1,3})$/.exec(intent);
  if (removed) fields[`${removed[1]}-${removed[2]}-remove`] = "on";
  const parsed = parseEditorForm(fields);
  if (!parsed.ok) return data<EditorReply>({ ok: false, message: "Revise los campos marcados: no se ha guardado nada.", errors: parsed.errors, fields }, { status: 400 });
  const db = await getDb();
  const actor = { email: admin.email };
  let value = parsed.value;
  const search = (fields.buscar ?? "").trim().slice(0, 80);
  const here = `/admin/presupuestos/${quote.number}${search ? `?buscar=${encodeURIComponent(search)}` : ""}`;

  // The option a line was added to, removed from or copied into: the page comes back there.
  let option: AlternativeKey | null = removed ? (removed[1] as AlternativeKey) : null;
  const copy = /^duplicar:([ABC])$/.exec(intent);
  if (copy) {
    const copied = duplicated(value, copy[1] as AlternativeKey);
    if (!copied) return data<EditorReply>({ ok: false, message: "No queda ninguna opción libre donde copiarla: vacíe una antes.", errors: {}, fields }, { status: 409 });
    value = copied.value;
    option = copied.key;
  }
  const add = /^(producto|servicio):([ABC])(?::(\d{1,9}))?$/.exec(intent);
  if (add) {
    const key = add[2] as AlternativeKey;
    const line = add[1] === "producto" ? await productLine(db, Number(add[3])) : serviceLine(fields.serviceToAdd ?? "");
    if (!line) return data<EditorReply>({ ok: false, message: add[1] === "producto" ? "Ese producto ya no está en el catálogo." : "Elija un servicio de la lista.", errors: {}, fields }, { status: 400 });
    value = withLine(value, key, line);
    option = key;
  }
  const templateName = intent === "plantilla" || intent === "plantilla-reemplazar" ? templateNameOf(value, fields) : null;
  if (templateName && !templateName.ok) return data<EditorReply>({ ok: false, message: "Revise los campos marcados: no se ha guardado nada.", errors: templateName.errors, fields }, { status: 400 });
  const saved = await saveDraft(db, actor, quote.id, value);
  if (!saved) return data<EditorReply>({ ok: false, message: "Este presupuesto está anulado: no se puede cambiar.", errors: {}, fields }, { status: 409 });

  if (option) throw redirect(`${here}#opcion-${option}`, 303);
  if (intent === "buscar") throw redirect(`${here}#catalogo`, 303);
  // "Enviar al cliente" saves and shows the preview first (issue 30); sending is confirmed there.
  if (intent === "enviar") {
    const problems = sendProblems(value);
    if (Object.keys(problems).length > 0) return data<EditorReply>({ ok: false, message: "Falta algo para poder enviarlo: revise los campos marcados.", errors: problems, fields }, { status: 400 });
    throw redirect(`/admin/presupuestos/${quote.number}/vista-previa`, 303);
  }
  // «Guardar como plantilla» (issue 30): the draft is saved above, then copied under the name typed.
  if (templateName) return saveAsTemplate(db, actor, { quote: quote.number, name: templateName.name, draft: value.draft, replace: intent === "plantilla-reemplazar" }, fields);
  if (intent === "guardar") {
    await audit(db, actor, { action: "guardar borrador", entity: "presupuesto", entityId: quote.number });
    return data<EditorReply>({ ok: true, message: "Borrador guardado." });
  }
  return data<EditorReply>({ ok: false, message: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo.", errors: {}, fields }, { status: 400 });
}

export const EDITOR_ALTERNATIVES = ALTERNATIVE_KEYS;
