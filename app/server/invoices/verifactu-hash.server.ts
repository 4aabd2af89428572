/*
 * The huella of a VERI*FACTU record: SHA-256 over the UTF-8 bytes of the text built in
 * app/domain/invoices/verifactu-hash.ts, in upper-case hexadecimal (AEAT, "Detalle de las
 * especificaciones técnicas para generación de la huella o hash de los registros de
 * facturación", v0.1.2). Here because node:crypto is server-only; decision 0008.
 */
import { createHash } from "node:crypto";
import {
  altaHashInput,
  anulacionHashInput,
  type AltaHashFields,
  type AnulacionHashFields,
} from "~/domain/invoices/verifactu-hash";

export function huella(input: string): string {
  return createHash("sha256").update(input, "utf8").digest("hex").toUpperCase();
}

export function altaHuella(fields: AltaHashFields): string {
  return huella(altaHashInput(fields));
}

export function anulacionHuella(fields: AnulacionHashFields): string {
  return huella(anulacionHashInput(fields));
}
