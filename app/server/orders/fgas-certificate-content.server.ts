import type { CertificateType } from "~/domain/orders/fgas-certificate";
import { log } from "../log.server";

/*
 * The certificate's first bytes say what it claims to be (~/domain/orders/fgas-certificate);
 * this proves it (issue 28, finding 6: an HTML page with a script and "%PDF-" at its top was
 * stored and served back). A PDF must open in pdf.js and have a page; an image must decode
 * whole in sharp. Both are loaded on the first upload, not at start (decision 0010).
 */

/** pdf.js and sharp refuse what would take too long or too much memory; 5 MB files never need more. */
const MAX_IMAGE_PIXELS = 100_000_000;

export async function certificateOpens(bytes: Uint8Array, type: CertificateType): Promise<boolean> {
  try {
    return type === "application/pdf" ? await pdfOpens(bytes) : await imageDecodes(bytes);
  } catch (error) {
    log("fgas").info({ type, bytes: bytes.length, reason: String(error).slice(0, 200) }, "certificado rechazado: no se puede abrir");
    return false;
  }
}

async function pdfOpens(bytes: Uint8Array): Promise<boolean> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // A copy: pdf.js takes over the buffer it is given. No scripts, no fonts loaded, no guessing past errors.
  const loading = getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: true,
    enableXfa: false,
  });
  try {
    const document = await loading.promise;
    if (document.numPages < 1) return false;
    await (await document.getPage(1)).getOperatorList();
    return true;
  } finally {
    await loading.destroy();
  }
}

async function imageDecodes(bytes: Uint8Array): Promise<boolean> {
  const { default: sharp } = await import("sharp");
  const image = sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS });
  const { width, height } = await image.metadata();
  if (!width || !height) return false;
  await image.raw().toBuffer();
  return true;
}
