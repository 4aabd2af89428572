/*
 * Why a direct debit came back (issue 31): the ISO 20022 reason codes (ExternalStatusReason1Code)
 * that banks send with a rejected, returned or refunded SEPA debit, the subset the EPC's SDD
 * Core rulebook lists for R-transactions. For each, what the customer reads (Spanish, as in
 * an e-mail: "Su banco ha devuelto el recibo: ...") and whether the mandate may be used for
 * the next debit or a new one has to be signed (a closed, blocked or unknown account, no
 * mandate at the bank, the debtor deceased, or the debtor's bank refusing our debits).
 * Pure and small: the back office's pages and the return handling both read it.
 */

export type ReturnReason = { code: string; meaning: string; mandateUsable: boolean };

const OURS = "Hubo un error en nuestra orden de cobro; no tiene que hacer nada, lo resolvemos nosotros.";

export const RETURN_REASONS: Readonly<Record<string, { meaning: string; mandateUsable: boolean }>> = {
  AC01: { meaning: "El número de cuenta (IBAN) no es correcto.", mandateUsable: false },
  AC04: { meaning: "La cuenta está cancelada.", mandateUsable: false },
  AC06: { meaning: "La cuenta está bloqueada, o bloqueada para recibos domiciliados.", mandateUsable: false },
  AC13: { meaning: "La cuenta no admite este tipo de recibo.", mandateUsable: false },
  AG01: { meaning: "La cuenta no admite recibos domiciliados (por ejemplo, una cuenta de ahorro).", mandateUsable: false },
  AG02: { meaning: OURS, mandateUsable: true },
  AM04: { meaning: "No había saldo suficiente en la cuenta el día del cargo.", mandateUsable: true },
  AM05: { meaning: "El recibo estaba duplicado y no se ha cobrado dos veces.", mandateUsable: true },
  BE05: { meaning: OURS, mandateUsable: true },
  CNOR: { meaning: OURS, mandateUsable: true },
  CUST: { meaning: "Usted pidió a su banco que no pagara el recibo.", mandateUsable: true },
  DNOR: { meaning: "Su banco no puede atender recibos domiciliados SEPA en esta cuenta.", mandateUsable: false },
  ED05: { meaning: "El pago entre los bancos no llegó a completarse.", mandateUsable: true },
  FF01: { meaning: OURS, mandateUsable: true },
  FOCR: { meaning: "El recibo se anuló a petición de una de las partes.", mandateUsable: true },
  MD01: { meaning: "Su banco no tiene constancia de la orden de domiciliación (el mandato) que nos firmó.", mandateUsable: false },
  MD02: { meaning: "Faltan datos de la orden de domiciliación o no coinciden con los de su banco.", mandateUsable: false },
  MD06: { meaning: "Usted pidió a su banco la devolución del recibo.", mandateUsable: true },
  MD07: { meaning: "El titular de la cuenta ha fallecido.", mandateUsable: false },
  MS02: { meaning: "El titular de la cuenta rechazó el recibo en su banco.", mandateUsable: true },
  MS03: { meaning: "Su banco devolvió el recibo sin indicar el motivo.", mandateUsable: true },
  RC01: { meaning: OURS, mandateUsable: true },
  RR01: { meaning: "Faltan datos de la cuenta o del titular que la normativa exige.", mandateUsable: true },
  RR02: { meaning: "Falta el nombre o la dirección del titular, que la normativa exige.", mandateUsable: true },
  RR03: { meaning: OURS, mandateUsable: true },
  RR04: { meaning: "Su banco no puede atender el recibo por motivos legales.", mandateUsable: false },
  SL01: { meaning: "Su banco tiene una instrucción suya sobre estos recibos (por ejemplo, un bloqueo o un límite de importe).", mandateUsable: false },
  TM01: { meaning: OURS, mandateUsable: true },
};

/**
 * The meaning of a reason code; an unknown one (a bank's own, or a newer list) reads as a
 * return without a given reason and keeps the mandate unused until someone has looked at it.
 */
export function returnReason(code: string): ReturnReason {
  const known = RETURN_REASONS[code.trim().toUpperCase()];
  if (known) return { code: code.trim().toUpperCase(), ...known };
  return { code, meaning: "Su banco ha devuelto el recibo; nos pondremos en contacto con usted.", mandateUsable: false };
}
