import { data } from "react-router";

/*
 * The one way an action reads what was posted to it (lint forbids request.formData() and
 * friends elsewhere). Whatever arrives, the answer is a FormData or a 4xx the error page
 * explains in Spanish, never a 500:
 *   - a content type other than a form (or none): 415;
 *   - a body over the limit, declared or streamed: 413 (read no further);
 *   - bytes that are not UTF-8, a broken percent-escape or a broken multipart body: 400.
 * Forms with files (the back office's photos and CSV lists) go through readUploadForm.
 */

/** A form of this shop is a few kilobytes; 1 MB leaves room for any of them. */
export const FORM_LIMIT_BYTES = 1_000_000;
/** No form here has more than a few dozen fields. */
export const MAX_FORM_FIELDS = 500;

export type BodyProblem = 400 | 413 | 415;

export const BODY_MESSAGES: Record<BodyProblem, string> = {
  400: "No hemos podido leer el formulario enviado. Vuelva a la página e inténtelo de nuevo.",
  413: "El formulario enviado es demasiado grande. Acorte el texto e inténtelo de nuevo.",
  415: "El formulario no llegó en un formato que podamos leer. Vuelva a la página e inténtelo de nuevo.",
};

/** The thrown answer: the root error boundary shows the status's Spanish page. */
function refuse(status: BodyProblem, message = BODY_MESSAGES[status]): never {
  throw data({ message }, { status });
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function mediaType(request: Request): { type: string; params: Map<string, string> } | null {
  const header = request.headers.get("content-type");
  if (!header) return null;
  const [type = "", ...rest] = header.split(";");
  const params = new Map<string, string>();
  for (const part of rest) {
    const at = part.indexOf("=");
    if (at > 0) params.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim().replace(/^"(.*)"$/, "$1"));
  }
  return { type: type.trim().toLowerCase(), params };
}

/** Reads at most `limit` bytes of the body; 413 beyond, 400 if the client broke off. */
/** How much of an oversized body is read and dropped so that its sender gets the 413 page. */
const DRAIN_BYTES = 4_000_000;

export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > limit)) {
    refuse(/^\d+$/.test(declared.trim()) ? 413 : 400);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Read on (and drop) what is still coming, up to a few megabytes, before answering:
        // a socket closed with unread bytes is reset, and the reset can overtake the 413 page
        // (seen by the fuzzer with a 1.5 MB chunked post). Not reader.cancel(): that destroys
        // the connection, and the visitor gets no answer at all.
        while (size <= limit + DRAIN_BYTES) {
          const next = await reader.read();
          if (next.done) break;
          size += next.value.byteLength;
        }
        reader.releaseLock();
        refuse(413);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response || isThrownData(error)) throw error;
    refuse(400);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function isThrownData(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** UTF-8 text, or 400 for bytes that are not. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    refuse(400);
  }
}

/** application/x-www-form-urlencoded, strictly: a broken %-escape is an error, not a guess. */
function parseUrlEncoded(text: string): FormData {
  const form = new FormData();
  if (text === "") return form;
  const pairs = text.split("&");
  if (pairs.length > MAX_FORM_FIELDS) refuse(413);
  for (const pair of pairs) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const [rawName, rawValue] = at === -1 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      form.append(decodeURIComponent(rawName.replaceAll("+", " ")), decodeURIComponent(rawValue.replaceAll("+", " ")));
    } catch {
      refuse(400);
    }
  }
  return form;
}

async function parseMultipart(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<FormData> {
  const copy = new Request(request.url, {
    method: "POST",
    headers: { "content-type": request.headers.get("content-type") ?? "" },
    body: bytes,
  });
  let form: FormData;
  try {
    form = await copy.formData();
  } catch {
    refuse(400);
  }
  let fields = 0;
  for (const [, value] of form) {
    if (++fields > MAX_FORM_FIELDS) refuse(413);
    if (typeof value === "string" && value.includes("\uFFFD")) refuse(400);
  }
  return form;
}

/** Single-byte charsets a server-to-server caller may declare (Redsys's notification, issue 12). */
const LATIN1_NAMES = new Set(["iso-8859-1", "latin1", "windows-1252"]);

/**
 * The posted form, or a thrown 400/413/415 answer. `latin1`: also take an urlencoded body
 * declared ISO-8859-1 (only for callers that are not browsers; pages always post UTF-8).
 */
export async function readForm(request: Request, { maxBytes = FORM_LIMIT_BYTES, latin1 = false } = {}): Promise<FormData> {
  const media = mediaType(request);
  if (!media || !FORM_TYPES.has(media.type)) refuse(415);
  const charset = media.params.get("charset")?.toLowerCase();
  const single = latin1 && media.type !== "multipart/form-data" && charset !== undefined && LATIN1_NAMES.has(charset);
  if (charset && charset !== "utf-8" && !single) refuse(415);
  if (media.type === "multipart/form-data" && !media.params.get("boundary")) refuse(400);
  const bytes = await readBodyBytes(request, maxBytes);
  if (media.type === "multipart/form-data") return parseMultipart(request, bytes);
  return parseUrlEncoded(single ? new TextDecoder("latin1").decode(bytes) : decodeUtf8(bytes));
}

/** How many files and bytes an upload form may carry (readUploadForm). */
export type UploadLimits = { maxBytes: number; maxFiles: number; maxFileBytes: number };

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / 1_000_000)} MB`;
}

/**
 * A form that may carry files (the back office's photos, a CSV price list): multipart with at
 * most `maxFiles` files of `maxFileBytes` each and `maxBytes` in all; 413 with a message that
 * says which limit was passed. A form without files (urlencoded) is read as readForm reads it,
 * so one action can take both the upload and the buttons beside it. A file input left empty
 * arrives as a nameless, empty part: it is not counted, and stays in the form for the caller to
 * skip (`uploadedFiles`).
 */
export async function readUploadForm(request: Request, limits: UploadLimits): Promise<FormData> {
  const media = mediaType(request);
  if (media?.type !== "multipart/form-data") return readForm(request);
  const tooLarge = `El envío pasa del máximo de ${megabytes(limits.maxBytes)}. Suba menos archivos a la vez.`;
  try {
    const form = await readForm(request, { maxBytes: limits.maxBytes });
    const files = uploadedFiles(form);
    if (files.length > limits.maxFiles) {
      refuse(413, `Puede subir como máximo ${limits.maxFiles} archivos a la vez.`);
    }
    const big = files.find((file) => file.size > limits.maxFileBytes);
    if (big) refuse(413, `El archivo «${big.name.slice(0, 80)}» pasa del máximo de ${megabytes(limits.maxFileBytes)}.`);
    return form;
  } catch (error) {
    // The general 413 speaks of shortening a text; an upload's says how much may be sent.
    if (bodyProblemStatus(error) === 413 && bodyProblemMessage(error) === BODY_MESSAGES[413]) refuse(413, tooLarge);
    throw error;
  }
}

/** The files of a form (every field, or one), without the empty part of an input left empty. */
export function uploadedFiles(form: FormData, field?: string): File[] {
  const values = field === undefined ? [...form.values()] : form.getAll(field);
  return values.filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}

/** The Spanish message of a refusal thrown by readForm or readUploadForm (for a form's own error line). */
export function bodyProblemMessage(error: unknown): string | null {
  if (bodyProblemStatus(error) === null) return null;
  const message = (error as { data?: { message?: unknown } }).data?.message;
  return typeof message === "string" ? message : null;
}

/** The status of a refusal thrown by readForm, or null for any other error. */
export function bodyProblemStatus(error: unknown): BodyProblem | null {
  if (!isThrownData(error)) return null;
  const status = (error as { init?: ResponseInit | null }).init?.status;
  return status === 400 || status === 413 || status === 415 ? status : null;
}

/** A JSON body of at most `maxBytes` (better-auth's endpoints), as text for the handler. */
export async function readJsonText(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBodyBytes(request, maxBytes);
  return decodeUtf8(bytes);
}
