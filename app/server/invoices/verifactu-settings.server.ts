import { config, type Config } from "../config.server";

/*
 * VERI*FACTU settings (issue 13, decision 0008): whether records can be sent to the AEAT and,
 * if not, the reason the back office shows next to the records waiting.
 */

/** The outbox kind of a submission to the AEAT. */
export const VERIFACTU_OUTBOX_KIND = "verifactu_envio";

/** SistemaInformatico.Version: bump when the invoicing or the records change. */
export const SYSTEM_VERSION = "1.0";

/** Records can be sent: the company's certificate is configured. */
export function sendingConfigured(c: Config = config()): boolean {
  return Boolean(c.VERIFACTU_CERT_PATH);
}

/** Why records wait as "pendiente de envío", for the back office; null when they can be sent. */
export function notSendingReason(c: Config = config()): string | null {
  if (sendingConfigured(c)) return null;
  return "Falta el certificado electrónico de la empresa (VERIFACTU_CERT_PATH y, si es un archivo .p12, VERIFACTU_CERT_PASSWORD): sin él no se pueden enviar los registros a la AEAT y esperan como «pendiente de envío». Se enviarán solos, en orden, en cuanto se configure.";
}
