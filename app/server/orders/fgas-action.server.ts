import { data, redirect } from "react-router";
import { CERTIFICATE_FIELD, CERTIFICATE_MAX_BYTES, CERTIFICATE_MESSAGES, checkCertificate } from "~/domain/orders/fgas-certificate";
import { fgasInput } from "~/domain/orders/fgas-fields";
import { validateInstallerForm } from "~/domain/orders/fgas-form";
import { getDb } from "../db/db.server";
import { findMyOrder } from "./my-orders.server";
import { bodyProblemStatus, readUploadForm, uploadedFiles } from "../http/request-body.server";
import type { SessionUser } from "../session.server";
import { certificateOpens } from "./fgas-certificate-content.server";
import { saveCertificate, saveInstaller } from "./fgas.server";

/*
 * The F-gas forms of the customer's order page (issue 15): the installing company, given
 * later, and the installer's certificate (PDF, JPEG or PNG up to 5 MB, told by its first
 * bytes). Each answers a refusal with 400 and a Spanish message beside its form, keeping what
 * was typed; a success goes back to the page (a reload posts nothing again).
 */

export const FGAS_INTENTS = ["gases-instalador", "gases-certificado"] as const;
export type FgasIntent = (typeof FGAS_INTENTS)[number];

export function isFgasIntent(value: unknown): value is FgasIntent {
  return typeof value === "string" && (FGAS_INTENTS as readonly string[]).includes(value);
}

export type FgasReply = { intent: FgasIntent; errors: Record<string, string>; values: Record<string, string> };

/** One certificate and the order page's small fields. */
export const ORDER_PAGE_UPLOAD_LIMITS = { maxFiles: 1, maxFileBytes: CERTIFICATE_MAX_BYTES, maxBytes: CERTIFICATE_MAX_BYTES + 100_000 };

const refuse = (intent: FgasIntent, errors: Record<string, string>, values: Record<string, string> = {}, status = 400) =>
  data({ fgas: { intent, errors, values } satisfies FgasReply }, { status });

/**
 * The order page's posted form: its buttons post small forms, the certificate a file. A file
 * over the limit is answered beside the upload (413), not with an error page.
 */
export async function readOrderPageForm(request: Request): Promise<{ form: FormData } | { refused: ReturnType<typeof refuse> }> {
  try {
    return { form: await readUploadForm(request, ORDER_PAGE_UPLOAD_LIMITS) };
  } catch (error) {
    const multipart = request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data");
    if (multipart && bodyProblemStatus(error) === 413) {
      return { refused: refuse("gases-certificado", { [CERTIFICATE_FIELD]: CERTIFICATE_MESSAGES.size }, {}, 413) };
    }
    throw error;
  }
}

export async function fgasAction(user: SessionUser, number: string, intent: FgasIntent, form: FormData) {
  const mine = await findMyOrder(user, number);
  if (!mine) throw data(null, { status: 404 });
  const db = await getDb();
  const here = `/login/pedidos/${encodeURIComponent(mine.order.number)}`;

  if (intent === "gases-instalador") {
    const checked = validateInstallerForm(form);
    if (!checked.ok) return refuse(intent, checked.errors, fgasInput(form));
    if (!(await saveInstaller(db, mine.order.id, checked.values))) throw data(null, { status: 404 });
    throw redirect(`${here}?gases=empresa#gases-fluorados`);
  }

  const [file] = uploadedFiles(form, CERTIFICATE_FIELD);
  if (!file || file.size === 0) return refuse(intent, { [CERTIFICATE_FIELD]: CERTIFICATE_MESSAGES.missing });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkCertificate(file.name, bytes);
  if (!checked.ok) return refuse(intent, { [CERTIFICATE_FIELD]: checked.error });
  if (!(await certificateOpens(bytes, checked.type))) return refuse(intent, { [CERTIFICATE_FIELD]: CERTIFICATE_MESSAGES.unreadable });
  if (!(await saveCertificate(db, mine.order.id, { bytes, name: checked.name, type: checked.type }))) throw data(null, { status: 404 });
  throw redirect(`${here}?gases=certificado#gases-fluorados`);
}
