import { describeSlot } from "~/domain/jobs/job-times";
import { jobWords, type JobKind } from "~/domain/jobs/job-kinds";
import { formatEuros } from "~/domain/money";
import type { QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";
import { calendarFile, calendarUid, type CalendarEvent } from "../calendar/ics.server";
import { publicShopInfo } from "../config.server";
import type { MailMessage } from "../mail.server";

/*
 * The customer's e-mails about their installation (issue 17) or maintenance visit (issue 31): the date with a calendar file
 * when the job is scheduled or moved, a reminder the day before, and its cancellation. All go through the
 * outbox (kind "email"), queued in the transaction that makes the change.
 */

export type JobMailFacts = {
  id: number;
  kind: JobKind;
  /** The quote's number, or the title of a job without a quote ("Plan n.º 12"). */
  reference: string;
  customer: QuoteParty;
  workPlace: WorkPlace;
  startsAt: Date;
  endsAt: Date;
  technicianName: string | null;
  /** SEQUENCE of the calendar file: higher with every new date (changeSequence). */
  sequence?: number;
};

export function workPlaceLine(place: WorkPlace): string {
  return [place.address, [place.postcode, place.town].filter(Boolean).join(" "), place.province].filter(Boolean).join(", ");
}

export function jobCalendarEvent(job: JobMailFacts): CalendarEvent {
  const shop = publicShopInfo();
  const words = jobWords(job);
  return {
    uid: calendarUid(`trabajo-${job.id}`),
    sequence: job.sequence ?? 0,
    startsAt: job.startsAt,
    endsAt: job.endsAt,
    summary: `${capitalized(words.noun)} de ${shop.name} (${job.reference})`,
    description: [
      `${capitalized(words.whole)}.`,
      job.technicianName ? `Técnico: ${job.technicianName}.` : "",
      `Teléfono de ${shop.name}: ${shop.phone}.`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: workPlaceLine(job.workPlace),
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function jobScheduledMail(job: JobMailFacts, rescheduled: boolean): MailMessage {
  const shop = publicShopInfo();
  const when = describeSlot(job.startsAt, job.endsAt);
  const words = jobWords(job);
  return {
    to: job.customer.email,
    subject: `${shop.name}: ${rescheduled ? "nueva fecha de" : "fecha de"} su ${words.noun} (${job.reference})`,
    text: [
      `Hola, ${job.customer.name}:`,
      "",
      rescheduled ? `Hemos cambiado la fecha de ${words.whole}. La nueva es:` : `Ya tenemos fecha para ${words.whole}:`,
      "",
      `   ${when} (hora de Madrid)`,
      `   ${workPlaceLine(job.workPlace)}`,
      job.technicianName ? `   Técnico: ${job.technicianName}` : "",
      "",
      "Le adjuntamos el archivo de calendario (.ics) para añadirla a su agenda. El día antes le enviaremos un recordatorio.",
      `Si no le viene bien, llámenos al ${shop.phone} o escríbanos a ${shop.email}.`,
      "",
      shop.name,
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
    attachments: [
      {
        filename: `${words.fileStem}.ics`,
        content: calendarFile({ product: "Trabajos", name: `${capitalized(words.noun)} ${job.reference}`, events: [jobCalendarEvent(job)] }),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      },
    ],
  };
}

export function jobReminderMail(job: JobMailFacts): MailMessage {
  const shop = publicShopInfo();
  const words = jobWords(job);
  return {
    to: job.customer.email,
    subject: `${shop.name}: mañana es su ${words.noun} (${job.reference})`,
    text: [
      `Hola, ${job.customer.name}:`,
      "",
      `Le recordamos que mañana hacemos ${words.whole}:`,
      "",
      `   ${describeSlot(job.startsAt, job.endsAt)} (hora de Madrid)`,
      `   ${workPlaceLine(job.workPlace)}`,
      "",
      `Si surge cualquier cosa, llámenos al ${shop.phone}.`,
      "",
      shop.name,
    ].join("\n"),
  };
}

/**
 * The customer's e-mail when the owner cancels their job: the reason, the date to take
 * out of their calendar if it had one, and what happens to a deposit already paid.
 */
export function jobCancelledMail(job: Omit<JobMailFacts, "startsAt" | "endsAt" | "technicianName"> & { startsAt: Date | null; endsAt: Date | null }, reason: string, paidDepositCents: number): MailMessage {
  const shop = publicShopInfo();
  const words = jobWords(job);
  return {
    to: job.customer.email,
    subject: `${shop.name}: ${words.noun} cancelada (${job.reference})`,
    text: [
      `Hola, ${job.customer.name}:`,
      "",
      `Hemos cancelado ${words.whole}.`,
      `Motivo: ${reason}`,
      job.startsAt && job.endsAt ? `Puede borrar de su agenda la cita del ${describeSlot(job.startsAt, job.endsAt)} (hora de Madrid).` : "",
      paidDepositCents > 0 ? `Le devolveremos la señal que pagó, ${formatEuros(paidDepositCents)}, por el mismo medio con el que pagó o por transferencia, con su factura rectificativa.` : "",
      "",
      `Si tiene cualquier duda, llámenos al ${shop.phone} o escríbanos a ${shop.email}.`,
      "",
      shop.name,
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
  };
}
