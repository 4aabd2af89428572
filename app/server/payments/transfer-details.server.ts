import { formatIban } from "~/domain/payments/iban";
import { formatEuros } from "~/domain/money";
import { config } from "../config.server";

/*
 * How to pay by bank transfer, in every e-mail and page that asks for one (orders, their
 * reminders, jobs, plan renewals): the shop's account holder and IBAN from configuration, the
 * amount and the concept that lets the owner match the bank's line.
 */

export type TransferDetails = { holder: string; iban: string; amount: string; concept: string };

export function transferDetails(amountCents: number, concept: string): TransferDetails {
  const c = config();
  return { holder: c.BANK_ACCOUNT_HOLDER, iban: formatIban(c.BANK_IBAN), amount: formatEuros(amountCents), concept };
}

/** The four lines of an e-mail: Titular, IBAN, Importe, Concepto. */
export function transferLines(amountCents: number, concept: string): string[] {
  const details = transferDetails(amountCents, concept);
  return [`Titular: ${details.holder}`, `IBAN: ${details.iban}`, `Importe: ${details.amount}`, `Concepto: ${details.concept}`];
}
