import { data, redirect } from "react-router";
import { HONEYPOT_FIELD } from "~/domain/quotes/contact-form";
import { SLOT_GONE_MESSAGE, SLOT_TAKEN_MESSAGE, type VisitReply } from "~/domain/visits/visit-fields";
import { parseBookingForm, slotSchema, SLOT_REQUIRED, visitInput } from "~/domain/visits/visit-forms";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { log } from "../log.server";
import { clientAddress, hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { bodyProblemStatus, readForm } from "../http/request-body.server";
import { requestOfBookingCookie } from "./booking-token.server";
import { bookVisit, cancelVisit, changeVisit, findVisitByToken, openVisitOfRequest } from "./visit-booking.server";
import { visitPath } from "./visit-emails.server";

/*
 * The customer's forms (issue 17): booking from /visita/reservar, changing and cancelling from
 * /visita/:token. Each is a real form post (no JavaScript needed), size- and rate-limited like
 * the contact form; bad input is a 400 with the fields to fix in Spanish, a slot taken a
 * moment ago a 409 with the next free ones. Never a 500 for anything the customer sends.
 */

/** A booking form is under 2 KB; the notes field is the longest. */
const MAX_BODY_BYTES = 20_000;

export const VISIT_RATE_LIMIT_MESSAGE = "Ha hecho demasiados cambios seguidos. Inténtelo de nuevo en unos minutos.";
export const NO_BOOKING_MESSAGE = "No encontramos su solicitud: vuelva a enviarla desde la página de contacto.";

function visitRateLimit(): RateLimitRule {
  return { prefix: "visitas", max: config().VISIT_RATE_LIMIT, windowMs: 10 * 60_000 };
}

export const refuse = (reply: Omit<VisitReply, "ok">, status: number) => data<VisitReply>({ ok: false, ...reply }, { status });

/** The form, or the refusal to send back (too large, a bot, too many); a plan's visit page uses it too. */
export async function readVisitForm(request: Request): Promise<{ form: FormData; db: Database } | { refused: ReturnType<typeof refuse> }> {
  let form: FormData;
  try {
    form = await readForm(request, { maxBytes: MAX_BODY_BYTES });
  } catch (error) {
    if (bodyProblemStatus(error) === 413) return { refused: refuse({ error: "El formulario es demasiado largo. Acorte las indicaciones e inténtelo de nuevo." }, 413) };
    throw error;
  }
  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== "") {
    log("visits").warn("reserva descartada: campo trampa relleno");
    return { refused: refuse({ error: "No hemos podido reservar la visita. Si el problema continúa, llámenos." }, 400) };
  }
  const db = await getDb();
  if (!(await hitRateLimit(db, visitRateLimit(), clientAddress(request)))) {
    return { refused: refuse({ error: VISIT_RATE_LIMIT_MESSAGE, values: visitInput(form) }, 429) };
  }
  return { form, db };
}

/** A slot taken a moment ago or no longer free: 409 with the next free ones. */
export function slotRefusal(result: { reason: "taken" | "not-free"; next: { start: string; end: string }[] }, values?: VisitReply["values"]) {
  const error = result.reason === "taken" ? SLOT_TAKEN_MESSAGE : SLOT_GONE_MESSAGE;
  return refuse({ error, errors: { slot: error }, next: result.next.map(({ start, end }) => ({ start, end })), ...(values ? { values } : {}) }, 409);
}

/** POST /visita/reservar: books the chosen slot for the request of the visitor's booking cookie. */
export async function bookingAction(request: Request) {
  const read = await readVisitForm(request);
  if ("refused" in read) return read.refused;
  const { form, db } = read;
  const values = visitInput(form);
  const requestId = await requestOfBookingCookie(request);
  if (requestId === null) return refuse({ error: NO_BOOKING_MESSAGE, values }, 400);
  const already = await openVisitOfRequest(db, requestId);
  if (already) return redirect(visitPath(already.token), 303);

  const parsed = parseBookingForm(form);
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? SLOT_REQUIRED;
    return refuse({ error: first, errors: parsed.errors, values }, 400);
  }
  const result = await bookVisit(db, { slotStart: parsed.slot, contact: parsed.contact, contactRequestId: requestId });
  if (!result.ok) return slotRefusal(result, values);
  return redirect(`${visitPath(result.visit.token)}?reservada=1`, 303);
}

/** POST /visita/:token: intent "cambiar" (with a slot) or "anular". Unknown token: 404. */
export async function manageVisitAction(request: Request, token: string | undefined) {
  const read = await readVisitForm(request);
  if ("refused" in read) return read.refused;
  const { form, db } = read;
  const visit = token ? await findVisitByToken(db, token) : null;
  if (!visit) throw data(null, { status: 404 });
  const intent = form.get("intent");

  if (intent === "anular") {
    const cancelled = await cancelVisit(db, { token: visit.token }, "cliente");
    if (!cancelled && visit.state !== "cancelada") return refuse({ error: "Esta visita ya no se puede anular: llámenos si necesita algo." }, 409);
    return redirect(visitPath(visit.token), 303);
  }

  if (intent === "cambiar") {
    const slot = slotSchema.safeParse(form.get("slot") ?? "");
    if (!slot.success) return refuse({ error: SLOT_REQUIRED, errors: { slot: SLOT_REQUIRED } }, 400);
    const result = await changeVisit(db, visit.token, slot.data);
    if (result.ok) return redirect(`${visitPath(visit.token)}?cambiada=1`, 303);
    if (result.reason === "closed") return refuse({ error: "Esta visita ya no se puede cambiar: llámenos si necesita algo." }, 409);
    return slotRefusal(result);
  }

  return refuse({ error: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." }, 400);
}
