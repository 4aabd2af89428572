import type { Database } from "../db/client.server";
import { log } from "../log.server";
import type { MailMessage } from "../mail.server";
import { fgasDocument } from "./fgas.server";
import { fgasPdfName, renderFgasDeclarationPdf } from "./fgas-pdf.server";

/*
 * The order e-mail carries the buyer's F-gas declaration as a PDF (issue 15). As with the
 * invoices (invoice-email.server.ts), the PDF is drawn when the e-mail is sent, not in the
 * order's transaction; if it cannot be drawn the e-mail goes without it and says where to
 * download it.
 */

/** An outbox e-mail that carries the declaration of order `attachFgasDeclaration` once drawn. */
export type FgasMail = MailMessage & { attachFgasDeclaration?: number };

export const FGAS_ATTACHED = "Le adjuntamos en PDF la declaración que hizo al confirmar el pedido.";
const NOT_ATTACHED = "No hemos podido adjuntar la declaración que hizo al confirmar el pedido: puede descargarla en «Mis Pedidos».";

export async function withFgasPdf(db: Database, mail: FgasMail): Promise<MailMessage> {
  const { attachFgasDeclaration, ...message } = mail;
  if (attachFgasDeclaration === undefined) return message;
  try {
    const doc = await fgasDocument(db, attachFgasDeclaration);
    if (!doc) throw new Error(`el pedido ${attachFgasDeclaration} no tiene declaración de gases fluorados`);
    const pdf = await renderFgasDeclarationPdf(doc);
    const attachment = { filename: fgasPdfName(doc.orderNumber), content: pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" as const };
    return { ...message, attachments: [...(message.attachments ?? []), attachment] };
  } catch (error) {
    log("orders").error({ err: error, pedido: attachFgasDeclaration }, "no se pudo generar el PDF de la declaración de gases fluorados: el e-mail sale sin él");
    return { ...message, text: message.text.replace(FGAS_ATTACHED, NOT_ATTACHED) };
  }
}
