import { data, redirect } from "react-router";
import { madridDay } from "~/domain/dates/madrid-dates";
import { HONEYPOT_FIELD } from "~/domain/quotes/contact-form";
import { coverageOf } from "~/domain/repairs/repair-coverage";
import { CALL_OUT_PAY_FIELD, REPAIR_PHOTO_FIELD, repairReference, type RepairFieldErrors, type RepairFormValues } from "~/domain/repairs/repair-fields";
import { isOnlineMethod } from "~/domain/payments/payment-states";
import { parseRepairForm, repairInput, REPAIR_MESSAGES, type RepairInput } from "~/domain/repairs/repair-form";
import { config, redsysConfig } from "../config.server";
import { startChargePayment } from "../jobs/job-payment-page.server";
import { askCallOutOnline } from "./repair-job.server";
import { getDb } from "../db/db.server";
import { bodyProblemMessage, bodyProblemStatus, readUploadForm, uploadedFiles } from "../http/request-body.server";
import { log } from "../log.server";
import { clientAddress, hitRateLimit, repairRateLimit } from "../rate-limit.server";
import { getSessionUser } from "../session.server";
import { processRepairPhotos, REPAIR_FORM_LIMITS, storeRepairPhotos } from "./repair-photos.server";
import { createRepairRequest } from "./repair-requests.server";
import { unitForRepair, type RepairUnit } from "./repair-unit.server";

/*
 * The breakdown form's action (issue 31): the public form, or a unit of «Mis equipos» (the
 * hidden «equipo», honoured only for its signed-in, verified customer). The photos go through
 * the image pipeline before anything is written; the request, its e-mails and the alert in one
 * transaction. Bad input gets a Spanish message and a 4xx, with what was typed sent back.
 */

export type RepairReply =
  | { ok: true; reference: string; message: string }
  | { ok: false; error: string; errors?: RepairFieldErrors; values?: RepairFormValues };

export const REPAIR_REPLIES = {
  spam: "No hemos podido enviar su aviso. Si el problema continúa, llámenos.",
  rateLimit: "Ha enviado demasiados avisos. Inténtelo de nuevo en unos minutos o llámenos.",
  tooLarge: `El envío es demasiado grande: como máximo ${REPAIR_FORM_LIMITS.maxFiles} fotos de ${REPAIR_FORM_LIMITS.maxFileBytes / 1_000_000} MB, ${REPAIR_FORM_LIMITS.maxBytes / 1_000_000} MB en total. Envíe menos fotos o más pequeñas.`,
  unit: "Ese equipo no está en su cuenta. Elija el equipo en «Mis equipos» o rellene sus datos aquí.",
  sent: (reference: string) => `Aviso ${reference} recibido. Le llamaremos para acordar la visita; le hemos enviado un correo con lo que nos ha contado.`,
  payLater: "No hemos podido abrir el pago ahora: puede pagar el desplazamiento desde el enlace del correo, o el día de la visita.",
} as const;

const refuse = (body: Extract<RepairReply, { ok: false }>, status: number) => data<RepairReply>(body, { status });

/** A verified customer's own unit, from the «equipo» of the address or the form; null when none is asked. */
export async function requestedUnit(request: Request, raw: FormDataEntryValue | string | null): Promise<RepairUnit | "not-yours" | null> {
  if (raw === null || raw === "") return null;
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) return "not-yours";
  const user = await getSessionUser(request);
  if (!user?.emailVerified) return "not-yours";
  return (await unitForRepair(await getDb(), user.email, id)) ?? "not-yours";
}

/**
 * «Avería nueva (por teléfono)»: the owner types what the customer says (the e-mail may be
 * missing); the same rules and photos; no e-mail or alert to the shop. Redirects to its page.
 */
export async function ownerRepairAction(request: Request, admin: { email: string }) {
  let form: FormData;
  try {
    form = await readUploadForm(request, REPAIR_FORM_LIMITS);
  } catch (error) {
    if (bodyProblemStatus(error) === 413) return refuse({ ok: false, error: bodyProblemMessage(error) ?? REPAIR_REPLIES.tooLarge }, 413);
    throw error;
  }
  const values = repairInput(form);
  const parsed = parseRepairForm(form, false, { byPhone: true });
  if (!parsed.ok) return refuse({ ok: false, error: REPAIR_MESSAGES.summary, errors: parsed.errors, values }, 400);
  const photos = await processRepairPhotos(uploadedFiles(form, REPAIR_PHOTO_FIELD));
  if (!photos.ok) return refuse({ ok: false, error: photos.message, errors: { [REPAIR_PHOTO_FIELD]: photos.message }, values }, 400);
  const db = await getDb();
  const input = parsed.values as RepairInput;
  const created = await createRepairRequest(db, {
    contact: { name: input.name, phone: input.phone, email: input.email, address: input.address, postcode: input.postcode, town: input.town },
    unit: { installedUnitId: null, planId: null, family: input.family, brand: input.brand, model: input.model, serialNumber: input.serial },
    problem: input.problem,
    urgency: input.urgency,
    availability: input.availability,
    photoIds: await storeRepairPhotos(db, photos.processed),
    coverage: coverageOf(null, madridDay(new Date()), config().REPAIR_CALL_OUT_CENTS),
    source: "telefono",
    takenBy: admin.email,
  });
  throw redirect(`/admin/averias/${created.id}`, 303);
}

export async function repairAction(request: Request) {
  // Counted before the body (up to 20 MB with photos) is read: a flood costs its sender, not us.
  const db = await getDb();
  if (!(await hitRateLimit(db, repairRateLimit(), clientAddress(request)))) return refuse({ ok: false, error: REPAIR_REPLIES.rateLimit }, 429);
  let form: FormData;
  try {
    form = await readUploadForm(request, REPAIR_FORM_LIMITS);
  } catch (error) {
    if (bodyProblemStatus(error) === 413) return refuse({ ok: false, error: REPAIR_REPLIES.tooLarge }, 413);
    throw error;
  }
  const values = repairInput(form);
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    log("averias").warn("aviso descartado: campo trampa relleno");
    return refuse({ ok: false, error: REPAIR_REPLIES.spam }, 400);
  }
  const unit = await requestedUnit(request, form.get("equipo"));
  if (unit === "not-yours") return refuse({ ok: false, error: REPAIR_REPLIES.unit, values }, 404);
  const parsed = parseRepairForm(form, unit !== null);
  if (!parsed.ok) return refuse({ ok: false, error: REPAIR_MESSAGES.summary, errors: parsed.errors, values }, 400);

  const photos = await processRepairPhotos(uploadedFiles(form, REPAIR_PHOTO_FIELD));
  if (!photos.ok) return refuse({ ok: false, error: photos.message, errors: { [REPAIR_PHOTO_FIELD]: photos.message }, values }, 400);
  const photoIds = await storeRepairPhotos(db, photos.processed);

  const input = parsed.values;
  const coverage = coverageOf(unit?.cover ?? null, madridDay(new Date()), config().REPAIR_CALL_OUT_CENTS);
  const created = await createRepairRequest(db, {
    contact: { name: input.name, phone: input.phone, email: input.email, address: input.address, postcode: input.postcode, town: input.town },
    unit: unit
      ? { installedUnitId: unit.id, planId: unit.cover.plan?.id ?? null, family: unit.family, brand: unit.brand, model: unit.model, serialNumber: unit.serialNumber }
      : { installedUnitId: null, planId: null, family: "family" in input ? input.family : "otro", brand: "brand" in input ? input.brand : "", model: "model" in input ? input.model : "", serialNumber: "serial" in input ? input.serial : "" },
    problem: input.problem,
    urgency: input.urgency,
    availability: input.availability,
    photoIds,
    coverage,
    source: unit ? "mis-equipos" : "web",
    takenBy: null,
  });
  const reference = repairReference(created.id);
  // The call-out paid at once: the request is stored whatever happens to the payment.
  const method = String(form.get(CALL_OUT_PAY_FIELD) ?? "");
  if (isOnlineMethod(method) && coverage.callOutCents > 0 && redsysConfig()) {
    const paying = await payCallOut(created.id, created.token, method);
    if (paying) return redirect(paying, 303);
    return data<RepairReply>({ ok: true, reference, message: `${REPAIR_REPLIES.sent(reference)} ${REPAIR_REPLIES.payLater}` });
  }
  return data<RepairReply>({ ok: true, reference, message: REPAIR_REPLIES.sent(reference) });
}

/** The way to Redsys for the call-out fee of a breakdown just stored; null when it cannot be opened (said to the customer). */
async function payCallOut(repairId: number, token: string, method: "tarjeta" | "bizum"): Promise<string | null> {
  try {
    const db = await getDb();
    const asked = await askCallOutOnline(db, repairId);
    if (!asked) return null;
    const started = await startChargePayment(db, { kind: "averia", token }, asked.chargeId, method);
    return started.ok ? started.redirect : null;
  } catch (error) {
    log("averias").error({ err: error, averia: repairId }, "no se pudo abrir el pago del desplazamiento");
    return null;
  }
}
