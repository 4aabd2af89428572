import { formatDateTime, formatYmd } from "~/domain/dates/madrid-dates";
import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import type { Slot } from "~/domain/visits/visit-slots";
import { maskIban } from "~/domain/payments/iban";
import type { Mandate } from "../payments/sepa-mandates.server";
import { coversLines, RENEWAL_METHOD_LABELS } from "~/domain/maintenance/plans";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import { formatEuros } from "~/domain/money";
import { config, publicShopInfo } from "../config.server";
import type { MailMessage } from "../mail.server";
import type { maintenancePlans, planRenewals } from "./maintenance-schema.server";
import { transferLines } from "../payments/transfer-details.server";
import { renewalTransferConcept } from "~/domain/maintenance/renewals";
import { unpaidRenewalEndsOn } from "~/domain/maintenance/plan-dates";

/* The customer's e-mails about a maintenance plan (issue 31). */

type Plan = Pick<typeof maintenancePlans.$inferSelect, "id" | "customerEmail" | "customerName" | "family" | "priceCents" | "covers" | "renewsOn" | "renewalMethod">;

export const MY_EQUIPMENT_PATH = "/login/equipos";

function message(plan: Plan, subject: string, paragraphs: string[]): MailMessage {
  const shop = publicShopInfo();
  const text = [
    `Hola, ${plan.customerName}:`,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    `Puede ver el plan, sus equipos y sus documentos en «Mis equipos»: ${shop.baseUrl}${MY_EQUIPMENT_PATH}`,
    "",
    `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
    "",
    `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
  ].join("\n");
  return { to: plan.customerEmail, replyTo: config().SHOP_EMAIL, subject: `${shop.name}: ${subject}`, text };
}

export function planStartedEmail(plan: Plan, unit: string | null, card: string | null = null): MailMessage {
  return message(plan, `su plan de mantenimiento n.º ${plan.id} está activo`, [
    `Su ${MAINTENANCE_TITLES[plan.family].toLowerCase()} ya está en marcha como plan n.º ${plan.id}${unit ? `, para su ${unit}` : ""}.`,
    ["Incluye:", ...coversLines(plan.covers).map((line) => `- ${line}`)].join("\n"),
    `Le escribiremos seis semanas antes de cada visita para que elija el día. El plan se renueva el ${formatYmd(plan.renewsOn)} por ${formatEuros(plan.priceCents)} al año (${card ? `cargo en su ${card}, guardada por Redsys` : RENEWAL_METHOD_LABELS[plan.renewalMethod].toLowerCase()}); le avisaremos 30 días antes y puede cambiar la forma de pago o cancelarlo cuando quiera desde «Mis equipos».`,
    ...(unit ? [] : ["Díganos en «Mis equipos» qué equipo quiere mantener (marca, modelo, número de serie y fecha de instalación) para preparar la primera visita."]),
  ]);
}

export function planCancelledEmail(plan: Plan, byCustomer: boolean): MailMessage {
  return message(plan, `plan de mantenimiento n.º ${plan.id} cancelado`, [
    byCustomer
      ? `Hemos cancelado su plan de mantenimiento n.º ${plan.id}, como nos ha pedido. No se renovará y no le cobraremos nada más por él.`
      : `Hemos cancelado su plan de mantenimiento n.º ${plan.id}. No se renovará y no le cobraremos nada más por él.`,
    "Las visitas ya hechas y sus certificados siguen en «Mis equipos». Si cambia de opinión, puede contratar un plan nuevo cuando quiera.",
  ]);
}

type Renewal = Pick<typeof planRenewals.$inferSelect, "renewsOn" | "amountCents" | "method"> & { payBy?: string | null };

/**
 * Thirty days before the renewal day: the price, the year it pays for and how it is paid. By
 * direct debit it is also the rulebook's pre-notification (amount, day, mandate, creditor).
 */
export function renewalNoticeEmail(
  plan: Plan,
  renewal: Renewal,
  debit: { account: string; reference: string; creditorId: string } | null = null,
  card: { label: string; usable: boolean } | null = null,
): MailMessage {
  const concept = renewalTransferConcept(plan.id, renewal.renewsOn);
  const subject = `su plan de mantenimiento n.º ${plan.id} se renueva el ${formatYmd(renewal.renewsOn)}`;
  const opening = `Su ${MAINTENANCE_TITLES[plan.family].toLowerCase()} (plan n.º ${plan.id}) se renueva el ${formatYmd(renewal.renewsOn)} por un año más: ${formatEuros(renewal.amountCents)} (IVA incluido).`;
  if (renewal.method === "domiciliacion" && debit) {
    return message(plan, subject, [
      opening,
      `Cargaremos ${formatEuros(renewal.amountCents)} en su cuenta ${debit.account} el ${formatYmd(renewal.renewsOn)} o el primer día hábil bancario después, con la orden de domiciliación ${debit.reference} (identificador de acreedor ${debit.creditorId}). No tiene que hacer nada.`,
      "Cuando el banco nos pague le enviaremos la factura. Si no quiere renovarlo, cancélelo en «Mis equipos» antes de esa fecha.",
    ]);
  }
  if (renewal.method === "tarjeta" && card?.usable) {
    return message(plan, subject, [
      opening,
      `Cargaremos ${formatEuros(renewal.amountCents)} en su ${card.label} el ${formatYmd(renewal.renewsOn)}, como aceptó al contratarlo. No tiene que hacer nada.`,
      "Cuando se cobre le enviaremos la factura. Si prefiere pagar por transferencia o domiciliación, o no quiere renovarlo, cámbielo en «Mis equipos» antes de esa fecha.",
    ]);
  }
  return message(plan, subject, [
    opening,
    ...(card && !card.usable ? [`Su ${card.label} no se podrá usar el día de la renovación (caduca antes o ya no la tenemos guardada), así que esta vez le pedimos el pago por transferencia.`] : []),
    ["Cómo pagar: transferencia bancaria", ...transferLines(renewal.amountCents, concept)].join("\n"),
    `Indique «${concept}» como concepto: así identificamos su pago y le enviamos la factura. Si no lo recibimos antes del ${formatYmd(unpaidRenewalEndsOn(renewal.renewsOn, renewal.payBy ?? null))}, el plan terminará.`,
    "Si no quiere renovarlo, no tiene que hacer nada más que no pagar, o cancelarlo en «Mis equipos».",
  ]);
}

/** The renewal day's charge to the kept card was refused (or could not be made): why, and the transfer instead. */
export function cardRefusedEmail(plan: Plan, renewal: Renewal, card: { label: string }, reason: string): MailMessage {
  const concept = renewalTransferConcept(plan.id, renewal.renewsOn);
  return message(plan, `no se ha podido cobrar la renovación del plan n.º ${plan.id}`, [
    `No hemos podido cargar ${formatEuros(renewal.amountCents)} de la renovación del ${formatYmd(renewal.renewsOn)} de su plan de mantenimiento n.º ${plan.id} en su ${card.label}. Motivo: ${reason}.`,
    "No volveremos a intentarlo con esa tarjeta. Puede pagarla por transferencia bancaria:",
    transferLines(renewal.amountCents, concept).join("\n"),
    `Indique «${concept}» como concepto. Si no lo recibimos antes del ${formatYmd(unpaidRenewalEndsOn(renewal.renewsOn, renewal.payBy ?? null))}, el plan terminará.`,
  ]);
}

/** Thirty days after an unpaid renewal day: the plan has ended. */
export function renewalLapsedEmail(plan: Plan, renewal: Renewal): MailMessage {
  return message(plan, `su plan de mantenimiento n.º ${plan.id} ha terminado`, [
    `No hemos recibido el pago de la renovación del ${formatYmd(renewal.renewsOn)} de su plan de mantenimiento n.º ${plan.id}, así que el plan ha terminado. No le cobraremos nada por él.`,
    "Las visitas hechas y sus documentos siguen en «Mis equipos». Si quiere volver a tener el plan, puede contratarlo de nuevo en la tienda o llamarnos.",
  ]);
}

/** The customer's copy of the mandate signed online (the rulebook asks the creditor to give one). */
export function mandateSignedEmail(plan: Plan, mandate: Pick<Mandate, "reference" | "debtorName" | "iban" | "signedAt" | "wording">, creditorId: string): MailMessage {
  return message(plan, `orden de domiciliación del plan de mantenimiento n.º ${plan.id}`, [
    `Ha firmado la orden de domiciliación de las renovaciones de su plan de mantenimiento n.º ${plan.id}. Esta es su copia:`,
    [
      `Referencia de la orden: ${mandate.reference}`,
      `Identificador del acreedor: ${creditorId}`,
      `Titular de la cuenta: ${mandate.debtorName}`,
      `Cuenta: ${maskIban(mandate.iban)}`,
      `Firmada el ${formatDateTime(mandate.signedAt)} (hora de Madrid)`,
    ].join("\n"),
    mandate.wording,
    "Le avisaremos 30 días antes de cada cargo, con su importe y su fecha. Puede volver a pagar por transferencia cuando quiera en «Mis equipos».",
  ]);
}

/** The bank returned the renewal's debit: why, and how to pay it by transfer instead. */
export function debitReturnedEmail(plan: Plan, renewal: Renewal, reason: { code: string; meaning: string; mandateUsable: boolean }): MailMessage {
  const concept = renewalTransferConcept(plan.id, renewal.renewsOn);
  return message(plan, `no se ha podido cobrar la renovación del plan n.º ${plan.id}`, [
    `Su banco ha devuelto el cargo de ${formatEuros(renewal.amountCents)} de la renovación del ${formatYmd(renewal.renewsOn)} de su plan de mantenimiento n.º ${plan.id}. Motivo que nos da el banco: ${reason.meaning}`,
    ["Puede pagarla por transferencia bancaria:", ...transferLines(renewal.amountCents, concept)].join("\n"),
    `Si no lo recibimos antes del ${formatYmd(unpaidRenewalEndsOn(renewal.renewsOn, renewal.payBy ?? null))}, el plan terminará.`,
    reason.mandateUsable ? "Su orden de domiciliación sigue en vigor para los próximos años." : "Hemos anulado la orden de domiciliación: las próximas renovaciones se pagarán por transferencia, salvo que firme otra en «Mis equipos».",
  ]);
}

/** The address of the page where the customer chooses the day of a plan's visit. */
export function planVisitPath(token: string): string {
  return `/mantenimiento/visita/${token}`;
}

/**
 * Six weeks before a visit is due (and once more two weeks later, `reminder`): the visit, what it
 * maintains, the first free slots, and the page to choose one. The slots are links to the page
 * with that hour marked; nothing is booked until the customer presses the page's button (mail
 * scanners follow links).
 */
export function planVisitEmail(plan: Plan, visit: { dueOn: string; token: string; units: string[] }, slots: Slot[], reminder: boolean): MailMessage {
  const page = `${publicShopInfo().baseUrl}${planVisitPath(visit.token)}`;
  const offered = slots.length
    ? ["Algunas horas libres (pulse la que le venga bien y confírmela en la página):", ...slots.map((slot) => `- ${capitalize(visitWhen(slot.start, slot.end))}: ${page}?hora=${encodeURIComponent(slot.start)}`)].join("\n")
    : `Ahora mismo no nos quedan horas libres en las próximas semanas: llámenos al ${publicShopInfo().phone} y buscamos una.`;
  return message(plan, reminder ? `recuerde elegir el día de su mantenimiento (plan n.º ${plan.id})` : `elija el día de su visita de mantenimiento (plan n.º ${plan.id})`, [
    reminder
      ? `Todavía no ha elegido el día de la visita de mantenimiento de su plan n.º ${plan.id}. Le toca antes del ${formatYmd(visit.dueOn)}.`
      : `Se acerca la visita de mantenimiento de su plan n.º ${plan.id}: le toca antes del ${formatYmd(visit.dueOn)}. Está incluida en su plan.`,
    visit.units.length ? ["Revisaremos:", ...visit.units.map((unit) => `- ${unit}`)].join("\n") : "Revisaremos el equipo de su plan.",
    offered,
    `Todas las horas libres, para elegir la suya: ${page}`,
  ]);
}
