/*
 * The installer's certificate a customer uploads for an F-gas declaration (issue 15): a PDF,
 * JPEG or PNG of at most 5 MB, told by its first bytes, never by its name or by the type the
 * browser claims.
 */

export const CERTIFICATE_MAX_BYTES = 5_000_000;
export const CERTIFICATE_FIELD = "certificado";

export const CERTIFICATE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

const EXTENSIONS: Record<CertificateType, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
/** Readers accept the PDF header anywhere in the first kilobyte (some writers put bytes before it). */
const PDF_HEADER_WINDOW = 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/** The file's real type by its signature, or null for anything else. */
export function certificateType(bytes: Uint8Array): CertificateType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  const window = Math.min(bytes.length, PDF_HEADER_WINDOW);
  for (let at = 0; at + PDF.length <= window; at++) if (startsWith(bytes, PDF, at)) return "application/pdf";
  return null;
}

export const CERTIFICATE_MESSAGES = {
  missing: "Elija el archivo del certificado (PDF, JPEG o PNG).",
  type: "El archivo no es un PDF, un JPEG ni un PNG. Súbalo en uno de esos formatos.",
  size: "El archivo pasa del máximo de 5 MB. Redúzcalo o escanéelo con menos resolución.",
  empty: "El archivo está vacío.",
  /** Its first bytes say PDF, JPEG or PNG, but it does not open as one (issue 28). */
  unreadable: "No hemos podido abrir el archivo: no es un PDF, un JPEG ni un PNG válido. Súbalo de nuevo, por ejemplo escaneado en PDF.",
} as const;

export type CertificateCheck = { ok: true; type: CertificateType; name: string } | { ok: false; error: string };

/** Checks an upload: size, then its first bytes; the name kept is cleaned and ends as its type. */
export function checkCertificate(name: string, bytes: Uint8Array): CertificateCheck {
  if (bytes.length === 0) return { ok: false, error: CERTIFICATE_MESSAGES.empty };
  if (bytes.length > CERTIFICATE_MAX_BYTES) return { ok: false, error: CERTIFICATE_MESSAGES.size };
  const type = certificateType(bytes);
  if (!type) return { ok: false, error: CERTIFICATE_MESSAGES.type };
  return { ok: true, type, name: certificateFileName(name, type) };
}

/**
 * A name safe to send back in a Content-Disposition header: the last part of the path, letters,
 * digits, spaces, dots, hyphens and underscores only, at most 80 characters, with the
 * extension of its real type.
 */
export function certificateFileName(original: string, type: CertificateType): string {
  const base = (original.split(/[\\/]/).pop() ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "-")
    .replace(/^[-. ]+|[-. ]+$/g, "")
    .slice(0, 80);
  return `${base || "certificado"}.${EXTENSIONS[type]}`;
}
