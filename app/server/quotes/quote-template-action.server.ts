import { data } from "react-router";
import type { QuoteDraft } from "~/domain/quotes/quote-content";
import type { EditorReply, EditorValue } from "~/domain/quotes/quote-editor-fields";
import { templateNameSchema } from "~/domain/quotes/quote-template-forms";
import type { Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { saveTemplate } from "./quote-templates.server";

/*
 * The editor's «Guardar como plantilla» (issue 30). The name is checked before anything is
 * saved; a name another template has is refused with 409 and the page offers «Reemplazar».
 */

/** The template's name typed in the editor, or the field's Spanish error. */
export function templateNameOf(value: EditorValue, fields: Record<string, string>): { ok: true; name: string } | { ok: false; errors: Record<string, string> } {
  const name = templateNameSchema.safeParse(fields.templateName ?? "");
  if (!name.success) return { ok: false, errors: { templateName: name.error.issues[0]!.message } };
  if (value.draft.alternatives.every((alternative) => alternative.lines.length === 0)) {
    return { ok: false, errors: { templateName: "La plantilla no tendría ninguna línea: añada alguna a una opción antes de guardarla." } };
  }
  return { ok: true, name: name.data };
}

export async function saveAsTemplate(db: Database, actor: Actor, input: { quote: string; name: string; draft: QuoteDraft; replace: boolean }, fields: Record<string, string>) {
  const saved = await saveTemplate(db, actor, { name: input.name, draft: input.draft, replace: input.replace, fromQuote: input.quote });
  if (saved.ok) {
    const message = `${input.replace ? "Plantilla reemplazada" : "Plantilla guardada"}: «${saved.template.name}». El borrador también se ha guardado.`;
    return data<EditorReply>({ ok: true, message });
  }
  const taken = `Ya hay una plantilla llamada «${input.name}». Escriba otro nombre o pulse «Reemplazar la plantilla» para guardar este presupuesto en su lugar.`;
  return data<EditorReply>({ ok: false, message: "El borrador se ha guardado, pero la plantilla no.", errors: { templateName: taken }, fields, takenName: input.name }, { status: 409 });
}
