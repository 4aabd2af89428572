import { jobPagePath, type JobPage } from "~/domain/jobs/job-page";
import type { QuoteParty } from "~/domain/quotes/quote-content";
import type { ReportSubject } from "~/domain/jobs/work-report-text";
import { MY_EQUIPMENT_PATH } from "../maintenance/plan-emails.server";
import { jobRef } from "../outbox-refs.server";
import { config, publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { log } from "../log.server";
import type { MailMessage } from "../mail.server";
import { enqueue } from "../outbox.server";
import { workReportPdfFile } from "./work-report-pdf.server";
import { inArray } from "drizzle-orm";
import { planOfferFor, type PlanOffer } from "~/domain/maintenance/my-plan";
import { formatEuros } from "~/domain/money";
import { products } from "../catalogue/catalogue-schema.server";

/*
 * The signed work report goes to the customer by e-mail (issue 17), queued in the transaction
 * that stores it; its PDF is drawn when the e-mail is sent (like the quotes' and the invoices':
 * app/server/outbox-handlers.server.ts). A PDF that cannot be drawn never stops the e-mail: it
 * goes without it, and the link on the quote's page serves it.
 */

export type WorkReportMail = MailMessage & { attachWorkReport?: { jobId: number } };

const ATTACHED = "Le adjuntamos el parte firmado en PDF.";
const ATTACHED_RECORD = "Le adjuntamos el registro de operaciones de mantenimiento firmado, en PDF.";
const NOT_ATTACHED = "No hemos podido adjuntar el PDF: puede descargarlo desde el enlace.";

/**
 * The yearly maintenance of the units just installed (issue 31), offered in the report's e-mail:
 * one per family that has a plan, with its price. Contracted from «Mis equipos», for that unit.
 */
export async function planOffersFor(tx: Pick<Transaction, "selectDistinct">, units: ReadonlyArray<{ productId: number | null }>): Promise<PlanOffer[]> {
  const ids = units.map((unit) => unit.productId).filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const rows = await tx.selectDistinct({ family: products.family }).from(products).where(inArray(products.id, ids));
  return rows.flatMap(({ family }) => planOfferFor({ id: 0, family, serialNumber: "" }, []) ?? []);
}

export async function enqueueWorkReportEmail(
  tx: Transaction,
  facts: { jobId: number; subject: ReportSubject; page: JobPage | null; customer: QuoteParty; offers?: PlanOffer[] },
): Promise<void> {
  if (!facts.customer.email) return;
  const shop = publicShopInfo();
  const { subject } = facts;
  const pageUrl = facts.page ? `${shop.baseUrl}${jobPagePath(facts.page)}` : "";
  const lines =
    subject.kind === "reparacion"
      ? {
          subject: `${shop.name}: parte de la reparación (${subject.title.charAt(0).toLowerCase()}${subject.title.slice(1)})`,
          body: [
            `Hemos terminado la reparación de su ${subject.title.charAt(0).toLowerCase()}${subject.title.slice(1)}. ${ATTACHED}`,
            "Recoge el diagnóstico, las piezas y la mano de obra, lo que cubre la garantía o su plan y lo que usted firmó.",
            "",
            "También puede descargarlo, con la factura si la hay, en la página de su avería:",
            pageUrl,
          ],
        }
      : subject.kind === "instalacion"
      ? {
          subject: `${shop.name}: parte de trabajo firmado (presupuesto ${subject.quoteNumber})`,
          body: [
            `Hemos terminado el trabajo del presupuesto ${subject.quoteNumber}. ${ATTACHED}`,
            "Recoge lo que se ha hecho, los equipos instalados con su número de serie y lo que usted firmó.",
            "",
            "También puede descargarlo aquí:",
            `${pageUrl}/parte.pdf`,
            ...offerLines(facts.offers ?? [], `${shop.baseUrl}${MY_EQUIPMENT_PATH}`),
          ],
        }
      : {
          // A plan's visit (issue 31): the maintenance record the RITE asks the owner of the installation to keep.
          subject: `${shop.name}: registro de mantenimiento de su ${subject.title.charAt(0).toLowerCase()}${subject.title.slice(1)}`,
          body: [
            `Hemos hecho la visita de mantenimiento de su ${subject.title.charAt(0).toLowerCase()}${subject.title.slice(1)}. ${ATTACHED_RECORD}`,
            "Recoge las operaciones que exige el RITE, los equipos revisados con su número de serie y lo que usted firmó. Guárdelo con la documentación de su instalación (el Libro del Edificio, si lo hay).",
            "",
            "También lo tiene, con los anteriores, en «Mis equipos»:",
            `${shop.baseUrl}${MY_EQUIPMENT_PATH}`,
          ],
        };
  const message: WorkReportMail = {
    to: facts.customer.email,
    replyTo: config().SHOP_EMAIL,
    subject: lines.subject,
    text: [`Hola, ${facts.customer.name}:`, "", ...lines.body, "", `Si tiene cualquier duda, responda a este correo o llámenos al ${shop.phone}.`].join("\n"),
    attachWorkReport: { jobId: facts.jobId },
  };
  await enqueue(tx, "email", { ...message }, { ref: jobRef(facts.jobId) });
}

function offerLines(offers: PlanOffer[], myEquipment: string): string[] {
  if (offers.length === 0) return [];
  return [
    "",
    "¿Quiere el plan de mantenimiento? Si aún no lo tiene, le avisamos cuando toca cada revisión que exige el RITE, la hacemos y le damos su registro:",
    ...offers.map((offer) => `- ${offer.title}: ${formatEuros(offer.priceCents)} al año, IVA incluido.`),
    `Contrátelo para su equipo en «Mis equipos»: ${myEquipment}`,
  ];
}

/** The message to send: with the report's PDF attached, drawn now, or saying it could not be. */
export async function withWorkReportPdf(db: Database, mail: WorkReportMail): Promise<MailMessage> {
  const { attachWorkReport, ...message } = mail;
  if (!attachWorkReport) return message;
  try {
    const file = await workReportPdfFile(db, attachWorkReport.jobId);
    if (!file) throw new Error(`el trabajo ${attachWorkReport.jobId} no tiene parte`);
    const attachment = { filename: file.filename, content: file.pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" as const };
    return { ...message, attachments: [...(message.attachments ?? []), attachment] };
  } catch (error) {
    log("trabajos").error({ err: error, trabajo: attachWorkReport.jobId }, "no se pudo generar el PDF del parte: el e-mail sale sin él");
    return { ...message, text: message.text.replace(ATTACHED, NOT_ATTACHED).replace(ATTACHED_RECORD, NOT_ATTACHED) };
  }
}
