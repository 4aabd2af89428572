import { z } from "zod";
import { isValidSpanishId, normalizeSpanishId } from "../spanish-ids";
import { ALTERNATIVE_KEYS } from "./quote-content";

/*
 * The customer's three answers on /presupuestos/:token (issue 17): accept (an alternative,
 * the full name, a signature drawn or typed, the statement ticked, and when they apply the
 * used-materials authorisation and the two conditions of the 10 % VAT), ask for changes (a
 * message), or decline. The version and its hash travel in the form, so an answer is never
 * about a version the customer did not see. Used in the browser too (instant checks).
 */

export const MESSAGE_MAX = 3000;
/** SVG path data of a drawn signature ("M 10 20 L 11 21 ..."); a long, careful one is ~20 kB. */
export const SIGNATURE_MAX = 60_000;
export const SIGNATURE_PATH = /^[ML0-9 .-]*$/;

const version = z.coerce.number({ error: "Falta la versión del presupuesto." }).int().min(1, { error: "Falta la versión del presupuesto." });
const hash = z.string().regex(/^[0-9a-f]{64}$/, { error: "Falta la huella del presupuesto: vuelva a cargar la página." });
const ticked = (message: string) => z.literal("on", { error: message });

export const acceptForm = z
  .object({
    version,
    documentSha256: hash,
    alternative: z.enum(ALTERNATIVE_KEYS, { error: "Elija una de las opciones del presupuesto." }),
    fullName: z
      .string({ error: "Escriba su nombre y apellidos." })
      .trim()
      .min(3, { error: "Escriba su nombre y apellidos." })
      .max(150, { error: "El nombre puede tener como máximo 150 caracteres." }),
    signaturePath: z
      .string()
      .default("")
      .pipe(z.string().max(SIGNATURE_MAX, { error: "La firma es demasiado larga: bórrela y firme de nuevo." }).regex(SIGNATURE_PATH, { error: "No hemos podido leer la firma: bórrela y firme de nuevo." })),
    typedSignature: z.string().trim().max(150, { error: "La firma escrita puede tener como máximo 150 caracteres." }).default(""),
    statement: ticked("Marque la casilla «Presupuesto recibido antes de la realización de los trabajos»."),
    usedMaterials: z.literal("on").optional(),
    // The two conditions of the 10 % VAT the quote cannot check (quote-vat.ts): both, or 21 %.
    reducedVatPrivate: z.literal("on").optional(),
    reducedVatAge: z.literal("on").optional(),
    // Asked only when the quote has no valid NIF of the customer: the deposit's and the job's invoices need it.
    customerNif: z
      .string()
      .default("")
      .transform((value) => normalizeSpanishId(value))
      .refine((value) => value === "" || isValidSpanishId(value), { error: "Escriba un DNI, NIE o NIF válido (por ejemplo 12345678Z), o déjelo en blanco." }),
  })
  .superRefine((value, ctx) => {
    if (!value.signaturePath.includes("L") && value.typedSignature.length < 3) {
      ctx.addIssue({ code: "custom", path: ["signature"], message: "Firme en el recuadro o escriba su nombre como firma." });
    }
  });

export type AcceptInput = z.infer<typeof acceptForm>;

/** Whether the customer confirmed both conditions of the reduced VAT. */
export function reducedVatConfirmed(input: Pick<AcceptInput, "reducedVatPrivate" | "reducedVatAge">): boolean {
  return input.reducedVatPrivate === "on" && input.reducedVatAge === "on";
}

export const changesForm = z.object({
  version,
  documentSha256: hash,
  message: z
    .string({ error: "Cuéntenos qué cambios quiere." })
    .trim()
    .min(5, { error: "Cuéntenos qué cambios quiere (al menos unas palabras)." })
    .max(MESSAGE_MAX, { error: `El mensaje puede tener como máximo ${MESSAGE_MAX} caracteres.` }),
});

export const declineForm = z.object({
  version,
  documentSha256: hash,
  message: z.string().trim().max(MESSAGE_MAX, { error: `El mensaje puede tener como máximo ${MESSAGE_MAX} caracteres.` }).default(""),
});

export const ANSWER_INTENTS = ["aceptar", "cambios", "rechazar"] as const;
export type AnswerIntent = (typeof ANSWER_INTENTS)[number];
