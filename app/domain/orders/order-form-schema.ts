import "../zod-setup";
import * as z from "zod/mini";
import {
  ADDRESS_MAX_LENGTH,
  BILLING_CHOICES,
  COUNTRY,
  KEEP_CARD_FIELD,
  KEEP_CARD_VALUE,
  KEY_FIELD,
  LINES_FIELD,
  ORDER_MESSAGES,
  orderInput,
  TERMS_FIELD,
  TERMS_VALUE,
  TOTAL_FIELD,
  type AddressField,
  type OrderAddress,
  type OrderFormValues,
  type OrderValidation,
} from "./order-form";
import { fieldErrors, firstStep } from "../fields/field-errors";
import { orderFormPhoneCheck } from "../fields/phone";
import { isValidPostcode, postcodeCheck } from "../fields/postcode";
import { declarationInput } from "./fgas-fields";
import { declarationShape } from "./fgas-form";
import { inServiceArea, outsideAreaMessage, serviceAreaProvinces, serviceProvinceMessage, type ServiceArea } from "./service-area";
import { enabledPayMethods, PAY_METHODS } from "../payments/payment-methods";
import { PROVINCES } from "../provinces";
import { isValidSpanishId, normalizeSpanishId } from "../spanish-ids";

/*
 * The schema of the order form (spec sections 3 "Address", 4 "Order screen" and 5 "Order
 * form"), checked by the action and, for instant feedback, in the browser, where
 * app/ui/orders/checkout-form.tsx fetches this module when the customer comes to the form. Billing
 * copies shipping unless "Otros" is chosen; the terms must be accepted. zod/mini keeps it small.
 */

const tooLong = (max: number) => `Como máximo ${max} caracteres.`;

function text(field: AddressField, requiredMessage?: string) {
  const max = ADDRESS_MAX_LENGTH[field];
  return requiredMessage
    ? z.string().check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(max, tooLong(max)))
    : z.string().check(z.trim(), z.maxLength(max, tooLong(max)));
}

/** A service in the basket: the shipping postcode inside the area (issue 15), said on that field. */
function postcodeChecks(area: ServiceArea | null) {
  const valid = postcodeCheck();
  if (!area) return [valid];
  return [valid, z.refine<string>((value) => !isValidPostcode(value) || inServiceArea(area.prefixes, value), outsideAreaMessage(area))];
}

function addressSchema(provinces: readonly string[], provinceMessage: string, area: ServiceArea | null = null) {
  return z.object({
    id: z
      .string()
      .check(
        z.overwrite(normalizeSpanishId),
        z.minLength(1, ORDER_MESSAGES.idEmpty),
        z.refine((value) => value === "" || isValidSpanishId(value), ORDER_MESSAGES.id),
      ),
    nombre: text("nombre", ORDER_MESSAGES.nombre),
    apellidos: text("apellidos", ORDER_MESSAGES.apellidos),
    empresa: text("empresa"),
    direccion: text("direccion", ORDER_MESSAGES.direccion),
    poblacion: text("poblacion", ORDER_MESSAGES.poblacion),
    provincia: z.string().check(z.refine((value) => provinces.includes(value), provinceMessage)),
    cp: z.string().check(z.trim(), ...postcodeChecks(area)),
    telefono: z.string().check(z.trim(), orderFormPhoneCheck()),
  });
}

/**
 * `serviceArea`: the basket holds an installation or maintenance, so the shipping (installation)
 * address must be inside that area (its postcodes, and the provinces they belong to); the
 * billing address may be anywhere. `fgas`: F-gas equipment without installation, so the buyer's
 * declaration is required (decision 0012). `online`: card and Bizum are offered (issue 12).
 */
/** plan: the basket holds a yearly maintenance, so a card payment may keep the card for its renewals. */
export type OrderFormOptions = { serviceArea: ServiceArea | null; fgas?: boolean; online?: boolean; plan?: boolean };

/** The provinces the shipping address may choose: those of the area when a service is in the basket. */
export function shippingProvinces(serviceArea: ServiceArea | null): readonly string[] {
  return serviceArea ? serviceAreaProvinces(serviceArea.prefixes) : PROVINCES;
}

/**
 * The fields every way of placing an order shares (the checkout, and the owner's phone order):
 * the two addresses, the key against a double submission and the quote the page showed.
 */
export function orderPartsShape({ serviceArea, fgas = false }: OrderFormOptions) {
  const provinces = shippingProvinces(serviceArea);
  return {
    envio: addressSchema(provinces, serviceArea ? serviceProvinceMessage(provinces) : ORDER_MESSAGES.provincia, serviceArea),
    facturacion: z.enum(BILLING_CHOICES, ORDER_MESSAGES.billing),
    factura: z.optional(addressSchema(PROVINCES, ORDER_MESSAGES.provincia)),
    [KEY_FIELD]: z.string().check(z.regex(/^[A-Za-z0-9-]{16,80}$/, ORDER_MESSAGES.key)),
    [TOTAL_FIELD]: z.string().check(z.regex(/^\d{1,10}$/, ORDER_MESSAGES.key)),
    [LINES_FIELD]: z.string().check(z.regex(/^[0-9a-f]{8}$/, ORDER_MESSAGES.key)),
    ...(fgas ? declarationShape : {}),
  };
}

export function orderFormSchema(options: OrderFormOptions) {
  const { envio, facturacion, factura, ...rest } = orderPartsShape(options);
  return z.object({
    envio,
    facturacion,
    factura,
    pago: z.enum(PAY_METHODS, ORDER_MESSAGES.payment).check(
      z.refine((value) => enabledPayMethods(options.online ?? false).includes(value), ORDER_MESSAGES.payment),
    ),
    [TERMS_FIELD]: z.literal(TERMS_VALUE, ORDER_MESSAGES.terms),
    [KEEP_CARD_FIELD]: z.string(),
    ...rest,
  });
}

type OrderParts = z.infer<z.ZodMiniObject<ReturnType<typeof orderPartsShape>>>;

/** The shared fields, parsed, as the order transaction takes them (billing copies shipping unless "Otros"). */
export function orderPartsValues(input: OrderParts, options: OrderFormOptions): Omit<OrderFormValues, "payMethod"> {
  const shipping: OrderAddress = { ...input.envio, pais: COUNTRY };
  const sameBilling = input.facturacion === "igual" || !input.factura;
  const billing: OrderAddress = sameBilling || !input.factura ? shipping : { ...input.factura, pais: COUNTRY };
  return {
    shipping,
    billing,
    sameBilling,
    idempotencyKey: input[KEY_FIELD],
    expected: { totalCents: Number(input[TOTAL_FIELD]), lines: input[LINES_FIELD] },
    ...(options.fgas ? { fgas: declarationInput(input as unknown as Record<string, string>) } : {}),
  };
}

/** An issue's field as the form names it: "envio-cp", "factura-telefono", "condiciones". */
function fieldNameOf([first, second]: readonly PropertyKey[]): string {
  return (first === "envio" || first === "factura") && typeof second === "string" ? `${first}-${second}` : firstStep([first ?? "form"]);
}

/** An issue's path as the form names its field: "envio-cp", "condiciones" (the phone order's form too). */
export const orderFieldName = fieldNameOf;

export function validateOrderForm(form: FormData, options: OrderFormOptions): OrderValidation {
  const result = orderFormSchema(options).safeParse(orderInput(form));
  if (!result.success) return { ok: false, errors: fieldErrors(result.error, { key: fieldNameOf }) };
  const keepCard = options.plan === true && result.data.pago === "tarjeta" && result.data[KEEP_CARD_FIELD] === KEEP_CARD_VALUE;
  return { ok: true, values: { ...orderPartsValues(result.data, options), payMethod: result.data.pago, ...(keepCard ? { keepCard } : {}) } };
}
