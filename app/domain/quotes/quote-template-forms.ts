import { z } from "zod";
import { TEMPLATE_NAME_MAX } from "./quote-template";

/*
 * The forms of quote templates (issue 30), for the actions only: the editor's «Guardar como
 * plantilla», the new quote's «Empezar desde una plantilla» and the list's rename and delete.
 * Apart from quote-template.ts so that the pages' browser code carries no Zod.
 */

/** A template's name, as the owner types it: trimmed, one to 100 characters. */
export const templateNameSchema = z
  .string({ error: "Escriba un nombre para la plantilla." })
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, { error: "Escriba un nombre para la plantilla." })
      .max(TEMPLATE_NAME_MAX, { error: `El nombre de la plantilla tiene como máximo ${TEMPLATE_NAME_MAX} caracteres.` }),
  );

/** A template's id in a form or a link ("" and anything else that is not a positive integer: none). */
export const templateIdSchema = z.coerce
  .number({ error: "Elija una plantilla de la lista." })
  .int({ error: "Elija una plantilla de la lista." })
  .positive({ error: "Elija una plantilla de la lista." })
  .max(2_147_483_647, { error: "Elija una plantilla de la lista." });

/** The list page's forms: rename a template, or delete it (the second step's button). */
export const templateListFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("renombrar"), id: templateIdSchema, name: templateNameSchema }),
  z.object({ intent: z.literal("eliminar"), id: templateIdSchema }),
], { error: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." });

/** The new quote's «Empezar desde una plantilla»: none ("") or a template's id. */
export const startFromTemplateSchema = z.object({
  plantilla: z
    .union([z.literal(""), templateIdSchema], { error: "Elija una plantilla de la lista." })
    .default("")
    .transform((value) => (value === "" ? null : value)),
});
