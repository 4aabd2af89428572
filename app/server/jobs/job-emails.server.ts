import { describeSlot } from "~/domain/jobs/job-times";
import type { QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";
import { publicShopInfo } from "../config.server";
import type { MailMessage } from "../mail.server";
import { calendarFile, type CalendarEvent } from "./job-ics.server";

/*
 * The customer's e-mails about their installation (issue 17): the date with a calendar file
 * when the job is scheduled or moved, and a reminder the day before. Both go through the
 * outbox (kind "email"), queued in the transaction that makes the change.
 */

export type JobMailFacts = {
  id: number;
  quoteNumber: string;
  customer: QuoteParty;
  workPlace: WorkPlace;
  startsAt: Date;
  endsAt: Date;
  technicianName: string | null;
};

export function workPlaceLine(place: WorkPlace): string {
  return [place.address, [place.postcode, place.town].filter(Boolean).join(" "), place.province].filter(Boolean).join(", ");
}

export function jobCalendarEvent(job: JobMailFacts): CalendarEvent {
  const shop = publicShopInfo();
  return {
    key: `trabajo-${job.id}`,
    startsAt: job.startsAt,
    endsAt: job.endsAt,
    summary: `Instalación de ${shop.name} (${job.quoteNumber})`,
    description: [
      `Trabajo del presupuesto ${job.quoteNumber}.`,
      job.technicianName ? `Técnico: ${job.technicianName}.` : "",
      `Teléfono de ${shop.name}: ${shop.phone}.`,
    ]
      .filter(Boolean)
      .join("\n"),
    location: workPlaceLine(job.workPlace),
  };
}

export function jobScheduledMail(job: JobMailFacts, rescheduled: boolean): MailMessage {
  const shop = publicShopInfo();
  const when = describeSlot(job.startsAt, job.endsAt);
  return {
    to: job.customer.email,
    subject: `${shop.name}: ${rescheduled ? "nueva fecha de" : "fecha de"} su instalación (${job.quoteNumber})`,
    text: [
      `Hola, ${job.customer.name}:`,
      "",
      rescheduled
        ? `Hemos cambiado la fecha de la instalación de su presupuesto ${job.quoteNumber}. La nueva es:`
        : `Ya tenemos fecha para la instalación de su presupuesto ${job.quoteNumber}:`,
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
        filename: `instalacion-${job.quoteNumber}.ics`,
        content: calendarFile(`Instalación ${job.quoteNumber}`, [jobCalendarEvent(job)]),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      },
    ],
  };
}

export function jobReminderMail(job: JobMailFacts): MailMessage {
  const shop = publicShopInfo();
  return {
    to: job.customer.email,
    subject: `${shop.name}: mañana es su instalación (${job.quoteNumber})`,
    text: [
      `Hola, ${job.customer.name}:`,
      "",
      `Le recordamos que mañana hacemos la instalación de su presupuesto ${job.quoteNumber}:`,
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
