import "../zod-setup";
import * as z from "zod/mini";
import { FAMILIES, type BasketLine } from "../catalogue/product";
import { fieldErrors } from "../fields/field-errors";
import { orderInput, type OrderFormValues } from "./order-form";
import { orderFieldName, orderPartsShape, orderPartsValues, type OrderFormOptions } from "./order-form-schema";
import { EMAIL_FIELD, LINE_FIELD, MAX_DRAFT_LINES, MAX_QUANTITY } from "./phone-order-fields";

/*
 * The owner's order for a customer who phones (issue 30): the checkout's fields (the same
 * addresses, rules and messages, order-form-schema.ts), the customer's e-mail, where the
 * payment link goes, and the draft's lines. The lines travel in the form as hidden inputs
 * ("linea"), so every post (search, add, remove, create) gives the whole page back with
 * everything typed; only choices travel, prices always come from the catalogue.
 */

export const PHONE_ORDER_MESSAGES = {
  email: "Escriba el e-mail del cliente: le enviamos ahí el enlace de pago.",
  noLines: "Añada al pedido algún artículo o servicio.",
  lines: "Las líneas del pedido no son válidas. Vuelva a empezar el pedido.",
  quantity: `Escriba una cantidad de 1 a ${MAX_QUANTITY}.`,
  product: "Elija un artículo de la lista.",
} as const;

const FAMILY_OR_SERVICE = [...FAMILIES, "instalaciones", "mantenimientos"] as const;

const lineSchema = z.pipe(
  z.string().check(z.regex(/^[a-z]+:\d{1,9}:(natural|propano)?:(madrid)?$/)),
  z.transform((value): BasketLine => {
    const [familia, id, opcion, provincia] = value.split(":");
    return { id: Number(id), familia: familia as BasketLine["familia"], cantidad: 1, ...(opcion ? { opcion: opcion as "natural" | "propano" } : {}), ...(provincia ? { provincia: "madrid" as const } : {}) };
  }),
);

const linesSchema = z.array(lineSchema.check(z.refine((line) => (FAMILY_OR_SERVICE as readonly string[]).includes(line.familia)))).check(z.maxLength(MAX_DRAFT_LINES));

/** The draft's lines from the form; null when one was altered (not something the owner typed). */
export function draftLines(form: FormData): BasketLine[] | null {
  const result = linesSchema.safeParse(form.getAll(LINE_FIELD).filter((value) => typeof value === "string"));
  return result.success ? result.data : null;
}

/** «Añadir»: a product of the search ("calderas:12"), how many, and its services, as the shop's pop-up offers them. */
export const addChoiceSchema = z.object({
  producto: z.string().check(z.regex(/^[a-z]+:\d{1,9}$/, PHONE_ORDER_MESSAGES.product)),
  cantidad: z.pipe(z.string().check(z.regex(/^\d{1,2}$/, PHONE_ORDER_MESSAGES.quantity)), z.transform(Number)).check(
    z.refine((n) => n >= 1 && n <= MAX_QUANTITY, PHONE_ORDER_MESSAGES.quantity),
  ),
  instalacion: z.optional(z.literal("SI")),
  mantenimiento: z.optional(z.literal("SI")),
  gas: z.optional(z.enum(["natural", "propano"])),
});

export type PhoneOrderValues = Omit<OrderFormValues, "payMethod"> & { email: string };

export type PhoneOrderValidation = { ok: true; values: PhoneOrderValues } | { ok: false; errors: Record<string, string> };

export function phoneOrderSchema(options: OrderFormOptions) {
  return z.object({
    ...orderPartsShape(options),
    [EMAIL_FIELD]: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(200, PHONE_ORDER_MESSAGES.email), z.email(PHONE_ORDER_MESSAGES.email)),
  });
}

export function validatePhoneOrder(form: FormData, options: OrderFormOptions): PhoneOrderValidation {
  const email = form.get(EMAIL_FIELD);
  const result = phoneOrderSchema(options).safeParse({ ...orderInput(form), [EMAIL_FIELD]: typeof email === "string" ? email : "" });
  if (!result.success) return { ok: false, errors: fieldErrors(result.error, { key: orderFieldName }) };
  return { ok: true, values: { ...orderPartsValues(result.data, options), email: result.data[EMAIL_FIELD] } };
}
