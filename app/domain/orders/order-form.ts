import type { OrderQuote } from "../basket/basket-pricing";
import { ORDER_FORM_PHONE_MESSAGE } from "../fields/phone";
import { POSTCODE_MESSAGE } from "../fields/postcode";
import { fgasInput, FGAS_FIELD_NAMES, type FgasDeclarationInput } from "./fgas-fields";
import type { PayMethod } from "../payments/payment-methods";
import { formatEuros } from "../money";

/*
 * The order form (spec sections 3 "Address", 4 "Order screen" and 5 "Order form"): its fields,
 * texts and messages. Its schema, run in the browser for instant feedback and again by the
 * action, is in order-form-schema.ts, which the page fetches when the customer comes to the
 * form (issue 14's first-load budget).
 */

export const ADDRESS_FIELDS = [
  "id",
  "nombre",
  "apellidos",
  "empresa",
  "direccion",
  "poblacion",
  "provincia",
  "cp",
  "telefono",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** An address of an order (spec section 3); the country is always Spain. */
export type OrderAddress = Record<AddressField, string> & { pais: "España" };

export const COUNTRY = "España";

export const ADDRESS_LABELS: Record<AddressField | "pais", string> = {
  id: "CIF/NIF/NIE",
  nombre: "Nombre",
  apellidos: "Apellidos",
  empresa: "Empresa",
  direccion: "Dirección",
  pais: "País",
  poblacion: "Población",
  provincia: "Provincia",
  cp: "Código postal",
  telefono: "Teléfono",
};

export const ADDRESS_MAX_LENGTH: Record<AddressField, number> = {
  id: 20,
  nombre: 100,
  apellidos: 150,
  empresa: 150,
  direccion: 200,
  poblacion: 100,
  provincia: 40,
  cp: 5,
  telefono: 20,
};

export const OPTIONAL_FIELDS: readonly AddressField[] = ["empresa"];

/** The two address blocks of the form; field names are "envio-cp", "factura-cp", ... */
export type AddressPrefix = "envio" | "factura";
export const fieldName = (prefix: AddressPrefix, field: AddressField) => `${prefix}-${field}`;

export const BILLING_CHOICES = ["igual", "otros"] as const;
export type BillingChoice = (typeof BILLING_CHOICES)[number];

export const TERMS_FIELD = "condiciones";
export const TERMS_VALUE = "acepto";
export const KEY_FIELD = "clave";
/** Paying by card with a maintenance plan in the basket: Redsys keeps the card for the renewals (issue 31). */
export const KEEP_CARD_FIELD = "tarjeta-renovaciones";
export const KEEP_CARD_VALUE = "si";
/** Hidden fields: the total the page showed, in cents, and the fingerprint of its lines. */
export const TOTAL_FIELD = "total";
export const LINES_FIELD = "lineas";
/** The form's hidden fields: a problem with one of them is no field the customer can correct. */
export const HIDDEN_FIELDS = [KEY_FIELD, TOTAL_FIELD, LINES_FIELD] as const;

export const ORDER_MESSAGES = {
  id: "Escriba un CIF, NIF o NIE válido: compruebe sus cifras y su letra de control.",
  idEmpty: "Escriba su CIF, NIF o NIE.",
  nombre: "Escriba el nombre.",
  apellidos: "Escriba los apellidos.",
  direccion: "Escriba la dirección.",
  poblacion: "Escriba la población.",
  provincia: "Elija una provincia.",
  cp: POSTCODE_MESSAGE,
  telefono: ORDER_FORM_PHONE_MESSAGE,
  terms: "Debe leer y aceptar las condiciones de compra.",
  payment: "El pago con tarjeta y con Bizum está en pruebas: elija transferencia bancaria.",
  billing: "Elija la dirección de facturación.",
  key: "El formulario ha caducado. Vuelva a cargar la página.",
  summary: "Revise los campos marcados en rojo.",
} as const;

/** The answer (409) when the basket priced again at confirmation is not the one the page showed. */
export function changedOrderMessage(totalCents: number): string {
  return `Su carrito, los precios o la disponibilidad han cambiado desde que abrió esta página. El nuevo total es ${formatEuros(totalCents)}. Revise su pedido y confírmelo de nuevo.`;
}

/** The answer (409) when a line can no longer be served; the total shown is the one without it. */
export function unavailableMessage(names: readonly string[], totalCents: number): string {
  const one = names.length === 1;
  return (
    `No podemos tramitar el pedido: ${names.join(", ")} ya no ${one ? "está disponible" : "están disponibles"} en la cantidad pedida. ` +
    `Revise su carrito: sin ${one ? "ese artículo" : "esos artículos"}, el nuevo total es ${formatEuros(totalCents)}.`
  );
}

/** What the form sends, read from FormData (browser and server alike); files count as empty. */
export function orderInput(form: FormData) {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const address = (prefix: AddressPrefix) =>
    Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, get(fieldName(prefix, field))])) as Record<AddressField, string>;
  const facturacion = get("facturacion");
  return {
    envio: address("envio"),
    facturacion,
    // Billing fields only count when "Otros" is chosen: otherwise billing copies shipping.
    factura: facturacion === "otros" ? address("factura") : undefined,
    pago: get("pago"),
    [KEEP_CARD_FIELD]: get(KEEP_CARD_FIELD),
    [TERMS_FIELD]: get(TERMS_FIELD),
    [KEY_FIELD]: get(KEY_FIELD),
    [TOTAL_FIELD]: get(TOTAL_FIELD),
    [LINES_FIELD]: get(LINES_FIELD),
    // The F-gas declaration (issue 15): read only when the basket needs it.
    ...fgasInput(form),
  };
}

export type OrderFormValues = {
  shipping: OrderAddress;
  billing: OrderAddress;
  sameBilling: boolean;
  payMethod: PayMethod;
  idempotencyKey: string;
  /** What the page showed: the order is refused (409) if the basket is no longer that. */
  expected: OrderQuote;
  /** The buyer's F-gas declaration, when the basket holds such equipment without installation. */
  fgas?: FgasDeclarationInput;
  /** The customer ticked «Guardar la tarjeta…» (card payment, a maintenance plan in the basket). */
  keepCard?: boolean;
};

/** Field name -> the first message about it ("envio-cp", "condiciones", "pago", ...). */
export type OrderFormErrors = Record<string, string>;

export type OrderValidation = { ok: true; values: OrderFormValues } | { ok: false; errors: OrderFormErrors };

/** The posted values to show again after a refused post (without JavaScript). */
export function echoValues(form: FormData): Record<string, string> {
  const echo: Record<string, string> = {};
  for (const prefix of ["envio", "factura"] as const) {
    for (const field of ADDRESS_FIELDS) {
      const value = form.get(fieldName(prefix, field));
      if (typeof value === "string") echo[fieldName(prefix, field)] = value.slice(0, 300);
    }
  }
  for (const name of ["facturacion", "pago", TERMS_FIELD]) {
    const value = form.get(name);
    if (typeof value === "string") echo[name] = value.slice(0, 40);
  }
  for (const name of FGAS_FIELD_NAMES) {
    const value = form.get(name);
    if (typeof value === "string") echo[name] = value.slice(0, 300);
  }
  return echo;
}
