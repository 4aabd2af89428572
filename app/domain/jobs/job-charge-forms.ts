import { z } from "zod";
import { isYmd } from "../dates/madrid-dates";
import { isValidSpanishId, normalizeSpanishId } from "../spanish-ids";

/*
 * The back office's forms for a job's money (issue 17), on the job's page: record a transfer
 * that paid a charge (its date and the bank's reference), and issue a charge's invoice that
 * waited for the customer's NIF. Field errors in Spanish.
 */

const chargeId = z.coerce.number({ message: "Ese cobro no existe." }).int("Ese cobro no existe.").positive("Ese cobro no existe.");

export const recordTransferSchema = z.object({
  intent: z.literal("transfer"),
  chargeId,
  paidOn: z.string().trim().refine(isYmd, "Escriba la fecha de la transferencia (día, mes y año)."),
  reference: z.string().trim().min(3, "Escriba la referencia del banco (al menos 3 caracteres).").max(100, "La referencia no puede pasar de 100 caracteres."),
});

export const chargeInvoiceSchema = z.object({
  intent: z.literal("invoice"),
  chargeId,
  nif: z
    .string()
    .trim()
    .transform(normalizeSpanishId)
    .refine(isValidSpanishId, "Escriba un NIF, NIE o CIF válido: la factura lo necesita."),
});

export const jobChargeActionSchema = z.discriminatedUnion("intent", [recordTransferSchema, chargeInvoiceSchema]);
export type JobChargeAction = z.infer<typeof jobChargeActionSchema>;

export const JOB_CHARGE_INTENTS: readonly string[] = ["transfer", "invoice"];
