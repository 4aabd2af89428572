import { z } from "zod";
import { formatYmd, isYmd } from "../dates/madrid-dates";
import { fieldErrors } from "../fields/field-errors";
import { parseEuros } from "../money";

/*
 * The order page's refund forms (issue 12, "Refunds"), parsed by its action:
 *   intent "reembolso-redsys": pago (the attempt's id), importe, motivo, desistimiento?;
 *   intent "reembolso-transferencia": fecha, importe, referencia, motivo, desistimiento?;
 *   intent "reembolso-comprobado": reembolso (its id), resultado "hecho" | "no-hecho".
 * Whether the amount fits what is left is not a question of the form: the server answers it
 * under the order's lock (app/domain/payments/refundable.ts). Messages in Spanish, per field.
 *
 * The schemas are built on first use: the page's component imports the limits below, and a
 * schema made at import time would carry Zod into the browser's bundle.
 */

export const REFUND_REASON_MAX = 300;
export const REFUND_REFERENCE_MAX = 100;

/** The field that names a job's charge in its page's refund forms (issue 31). */
export const JOB_REFUND_FIELD = "cobro";

export const REFUND_INTENTS = ["reembolso-redsys", "reembolso-transferencia", "reembolso-comprobado"] as const;
export type RefundIntent = (typeof REFUND_INTENTS)[number];

export type RefundFormErrors = Partial<Record<"pago" | "importe" | "motivo" | "fecha" | "referencia" | "reembolso" | "resultado" | "desistimiento" | "form", string>>;

export type RedsysRefundInput = { attemptId: number; amountCents: number; reason: string; withdrawalId: number | null };
export type TransferRefundInput = { refundedOn: string; amountCents: number; reference: string; reason: string; withdrawalId: number | null };
export type SettleInput = { refundId: number; done: boolean };

/** The days a refund transfer may carry: from the order's day (a job's charge: the day it was paid) to today (Madrid). */
export type RefundDays = { orderDay: string; today: string; /** "al pedido" unless said. */ firstIs?: string };

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: RefundFormErrors };

const MESSAGES = {
  amountRequired: "Indique el importe que se devuelve.",
  amountInvalid: "Escriba el importe en euros con dos decimales como máximo, p. ej. 120,50.",
  amountZero: "El importe del reembolso debe ser mayor que 0 €.",
  reasonRequired: "Escriba el motivo del reembolso (se le indica al cliente).",
  reasonTooLong: `Escriba como máximo ${REFUND_REASON_MAX} caracteres.`,
  attempt: "Elija el pago que se devuelve.",
  dateRequired: "Indique el día en que se hizo la transferencia (día, mes y año).",
  dateFuture: "La fecha de la transferencia no puede ser posterior a hoy.",
  dateBefore: (day: string, firstIs = "al pedido") => `La fecha de la transferencia no puede ser anterior ${firstIs} (${formatYmd(day)}).`,
  referenceRequired: "Escriba la referencia de la transferencia que aparece en el banco.",
  referenceTooLong: `Escriba como máximo ${REFUND_REFERENCE_MAX} caracteres.`,
  withdrawal: "El desistimiento indicado no es válido.",
  refund: "Ese reembolso no existe.",
  result: "Indique si el banco muestra el reembolso hecho o no.",
};

const id = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[1-9]\d{0,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value <= 2_147_483_647, { error: message });

function buildSchemas() {
  const amount = z
    .string({ error: MESSAGES.amountRequired })
    .trim()
    .min(1, { error: MESSAGES.amountRequired })
    .transform((text, ctx) => {
      const cents = parseEuros(text);
      if (cents === null) ctx.addIssue({ code: "custom", message: MESSAGES.amountInvalid });
      else if (cents <= 0) ctx.addIssue({ code: "custom", message: MESSAGES.amountZero });
      return cents ?? 0;
    });
  const reason = z
    .string({ error: MESSAGES.reasonRequired })
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, { error: MESSAGES.reasonRequired }).max(REFUND_REASON_MAX, { error: MESSAGES.reasonTooLong }));
  const withdrawal = z
    .union([z.literal(""), id(MESSAGES.withdrawal)], { error: MESSAGES.withdrawal })
    .optional()
    .transform((value) => (typeof value === "number" ? value : null));
  const redsys = z.object({ pago: id(MESSAGES.attempt), importe: amount, motivo: reason, desistimiento: withdrawal });
  const transfer = z.object({
    fecha: z.string({ error: MESSAGES.dateRequired }).trim().refine(isYmd, { error: MESSAGES.dateRequired }),
    importe: amount,
    referencia: z
      .string({ error: MESSAGES.referenceRequired })
      .transform((text) => text.replace(/\s+/g, " ").trim())
      .pipe(z.string().min(1, { error: MESSAGES.referenceRequired }).max(REFUND_REFERENCE_MAX, { error: MESSAGES.referenceTooLong })),
    motivo: reason,
    desistimiento: withdrawal,
  });
  const settle = z.object({
    reembolso: id(MESSAGES.refund),
    resultado: z.enum(["hecho", "no-hecho"], { error: MESSAGES.result }),
  });
  return { redsys, transfer, settle };
}

let built: ReturnType<typeof buildSchemas> | undefined;
const schemas = () => (built ??= buildSchemas());

export function parseRedsysRefund(values: Record<string, string | undefined>): Parsed<RedsysRefundInput> {
  const parsed = schemas().redsys.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { pago, importe, motivo, desistimiento } = parsed.data;
  return { ok: true, value: { attemptId: pago, amountCents: importe, reason: motivo, withdrawalId: desistimiento } };
}

export function parseTransferRefund(values: Record<string, string | undefined>, days: RefundDays): Parsed<TransferRefundInput> {
  const parsed = schemas().transfer.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const day = (values.fecha ?? "").trim();
  if (!errors.fecha && day > days.today) errors.fecha = MESSAGES.dateFuture;
  else if (!errors.fecha && day < days.orderDay) errors.fecha = MESSAGES.dateBefore(days.orderDay, days.firstIs);
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const { fecha, importe, referencia, motivo, desistimiento } = parsed.data;
  return { ok: true, value: { refundedOn: fecha, amountCents: importe, reference: referencia, reason: motivo, withdrawalId: desistimiento } };
}

export function parseSettle(values: Record<string, string | undefined>): Parsed<SettleInput> {
  const parsed = schemas().settle.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  return { ok: true, value: { refundId: parsed.data.reembolso, done: parsed.data.resultado === "hecho" } };
}
