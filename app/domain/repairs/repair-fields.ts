/*
 * A breakdown reported to the shop (issue 31, «averías»): the form's fields, labels and limits,
 * shared by the page (no schema in the browser) and the action's schema (repair-form.ts).
 */

export const REPAIR_FIELDS = ["name", "phone", "email", "address", "postcode", "town", "family", "brand", "model", "serial", "problem", "urgency", "availability"] as const;
export type RepairField = (typeof REPAIR_FIELDS)[number];

export const REPAIR_LABELS: Record<RepairField, string> = {
  name: "Nombre y apellidos",
  phone: "Teléfono",
  email: "Email",
  address: "Dirección",
  postcode: "Código postal",
  town: "Localidad",
  family: "Tipo de equipo",
  brand: "Marca",
  model: "Modelo",
  serial: "Número de serie",
  problem: "¿Qué le pasa?",
  urgency: "Urgencia",
  availability: "¿Cuándo podemos ir?",
};

export const REPAIR_MAX_LENGTH: Record<RepairField, number> = {
  name: 120,
  phone: 30,
  email: 254,
  address: 200,
  postcode: 5,
  town: 100,
  family: 20,
  brand: 60,
  model: 80,
  serial: 60,
  problem: 2000,
  urgency: 20,
  availability: 300,
};

/** The kinds of equipment we repair; «otro» for anything else (the owner decides). */
export const REPAIR_FAMILIES = ["calderas", "aires", "aerotermia", "termostatos", "otro"] as const;
export type RepairFamily = (typeof REPAIR_FAMILIES)[number];

export const REPAIR_FAMILY_LABELS: Record<RepairFamily, string> = {
  calderas: "Caldera o calentador",
  aires: "Aire acondicionado",
  aerotermia: "Aerotermia (bomba de calor)",
  termostatos: "Termostato",
  otro: "Otro equipo",
};

export const URGENCIES = ["urgente", "normal"] as const;
export type Urgency = (typeof URGENCIES)[number];

export const URGENCY_LABELS: Record<Urgency, string> = {
  urgente: "Urgente: sin calefacción, sin agua caliente, sin frío con calor, o gotea",
  normal: "Puede esperar unos días",
};

/** Up to three photos of the unit, its plate or its error code. */
export const MAX_REPAIR_PHOTOS = 3;
export const REPAIR_PHOTO_FIELD = "fotos";

export type RepairFormValues = Record<RepairField, string>;
export type RepairFieldErrors = Partial<Record<RepairField | "form" | typeof REPAIR_PHOTO_FIELD, string>>;

/** How the customer pays the call-out fee (issue 31): online at once, or on the day of the visit. */
export const CALL_OUT_PAY_FIELD = "pago";
export const CALL_OUT_PAYMENTS = ["visita", "tarjeta", "bizum"] as const;
export type CallOutPayment = (typeof CALL_OUT_PAYMENTS)[number];
export const CALL_OUT_PAYMENT_LABELS: Record<CallOutPayment, string> = {
  visita: "El día de la visita (tarjeta, Bizum o transferencia con la factura)",
  tarjeta: "Ahora, con tarjeta",
  bizum: "Ahora, con Bizum",
};

/** Where a request came from: the public form, a unit of «Mis equipos», or the owner taking a call. */
export const REPAIR_SOURCES = ["web", "mis-equipos", "telefono"] as const;
export type RepairSource = (typeof REPAIR_SOURCES)[number];

/** «nueva» until the owner acts; «atendida» once a visit or job is arranged; «anulada» when nothing is to be done. */
export const REPAIR_STATES = ["nueva", "atendida", "anulada"] as const;
export type RepairState = (typeof REPAIR_STATES)[number];

export const REPAIR_STATE_LABELS: Record<RepairState, string> = { nueva: "Nueva", atendida: "Atendida", anulada: "Anulada" };

/** "AV-000042": how the customer and the shop name a request. */
export function repairReference(id: number): string {
  return `AV-${String(id).padStart(6, "0")}`;
}
