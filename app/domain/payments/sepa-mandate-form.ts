import { z } from "zod";
import { checkIban } from "./iban";

/*
 * The SEPA direct debit mandate signed online in Mis equipos (issue 31): the account holder,
 * the IBAN (checked: mod 97 and Spain's control digits) and the acceptance of the mandate's
 * text, which is the EPC's standard wording in Spanish for a CORE mandate.
 */

export const MANDATE_MESSAGES = {
  holder: "Escriba el nombre del titular de la cuenta, como figura en el banco.",
  accept: "Para domiciliar los pagos, acepte la orden de domiciliación.",
} as const;

/** What the customer accepts (shown above the box and kept with the mandate). */
export function mandateWording(creditorName: string, creditorId: string): string {
  return (
    `Mediante la firma de esta orden de domiciliación, el deudor autoriza (A) a ${creditorName} (identificador de acreedor ${creditorId}) a enviar instrucciones ` +
    "a la entidad del deudor para adeudar su cuenta y (B) a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones del acreedor. " +
    "Como parte de sus derechos, el deudor está legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. " +
    "La solicitud de reembolso deberá efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta. " +
    "Tipo de pago: recurrente (la renovación anual del plan de mantenimiento)."
  );
}

export const mandateFormSchema = z.object({
  titular: z.string({ message: MANDATE_MESSAGES.holder }).trim().min(2, MANDATE_MESSAGES.holder).max(70, MANDATE_MESSAGES.holder),
  iban: z.string({ message: "Escriba el IBAN de la cuenta." }).transform((value, ctx) => {
    const checked = checkIban(value);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    return checked.iban;
  }),
  acepto: z.literal("si", { message: MANDATE_MESSAGES.accept }),
});

export type MandateForm = z.output<typeof mandateFormSchema>;
