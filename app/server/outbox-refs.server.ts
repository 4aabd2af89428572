/*
 * The outbox's references (outbox.ref), one place for the writers and the readers: the order's,
 * the job's and the request's pages list the deliveries under their reference, the retention
 * purge deletes a request's with it, and a resend is limited by it. Each is "<what>:<id>".
 */

/** An order's e-mails (the order's page lists them). */
export function orderRef(orderId: number): string {
  return `order:${orderId}`;
}

/** A job's e-mails (the job's page lists them). */
export function jobRef(jobId: number): string {
  return `trabajo:${jobId}`;
}

/** A maintenance plan's e-mails (issue 31). */
export function planRef(planId: number): string {
  return `plan:${planId}`;
}

/** A breakdown's e-mails and alert (issue 31). */
export function repairRef(repairId: number): string {
  return `averia:${repairId}`;
}

const CONTACT = "contact:";

/** A quote request's deliveries: the e-mails and the task card. */
export function contactRef(requestId: number): string {
  return `${CONTACT}${requestId}`;
}

/** The request id a contactRef names, or null for any other reference. */
export function contactOfRef(ref: string | null): string | null {
  return ref?.startsWith(CONTACT) ? ref.slice(CONTACT.length) : null;
}

/** A technician's invitation e-mail. */
export function invitationRef(invitationId: number | string): string {
  return `invitacion:${invitationId}`;
}

/** A staff account's security e-mails (a new browser). */
export function accountRef(userId: string): string {
  return `cuenta:${userId}`;
}

/** An administrator's address-verification e-mail: one a minute at most, counted by this. */
export function addressVerificationRef(userId: string): string {
  return `verificar-email:${userId}`;
}

/** The VERI*FACTU sending task. */
export const VERIFACTU_REF = "verifactu";

/**
 * Where the back office shows a reference's deliveries, for Hoy's failed ones (issue 30): an
 * order's page needs its number (`order`), the others are an address; null when no page shows it.
 */
export function refPage(ref: string | null): { order: number } | { href: string; about: string } | null {
  const [what, id = ""] = (ref ?? "").split(":");
  if (what === "invitacion") return { href: "/admin/tecnicos", about: "de una invitación a un técnico" };
  if (!/^\d+$/.test(id)) return null;
  if (what === "order") return { order: Number(id) };
  if (what === "plan") return { href: "/admin/mantenimiento", about: `del plan de mantenimiento n.º ${id}` };
  if (what === "averia") return { href: `/admin/averias/${id}`, about: `del aviso de avería n.º ${id}` };
  if (what === "trabajo") return { href: `/admin/trabajos/${id}`, about: `del trabajo n.º ${id}` };
  if (`${what}:` === CONTACT) return { href: `/admin/solicitudes/${id}#solicitud-entregas`, about: `de la solicitud n.º ${id}` };
  return null;
}
