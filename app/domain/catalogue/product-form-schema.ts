import "../zod-setup";
import { z } from "zod";
import { fieldErrors } from "../fields/field-errors";
import { ENERGY_CLASSES, FAMILIES, isFamily, type Dimensions, type Family } from "./product";
import { parseDecimal } from "./euros";
import { parseEuros } from "../money";
import {
  DIMENSIONS_FIELDS,
  EPREL_NUMBER_PATTERN,
  FAMILY_FIELDS,
  FIELD_LABELS,
  FLAG_FIELDS,
  NUMBER_FIELDS,
  onlyFamilyFields,
  powerLabel,
  powerRequired,
  TEXT_FIELDS,
  isFamilyType,
  LABEL_RANGES,
  mayHoldFgas,
} from "./family-fields";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "./product-identity";
import {
  PRODUCT_FORM_FIELDS,
  productFormInput,
  SIDES,
  type ProductFormResult,
  type ProductInput,
} from "./product-form";

/*
 * The schema of the back office's product form, one for /admin/catalogo/nuevo and
 * /admin/catalogo/:id: the actions parse it, and the page checks it in the browser once the
 * owner comes to the form (app/ui/catalogue/product-form-check.tsx fetches this module then, so zod
 * is not in the page's first load). Prices are typed in euros and stored in cents
 * (./euros.ts). Each problem names its field in Spanish, so the page shows it beside the input.
 */

const MONEY_HINT = "escriba un importe en euros con dos decimales como máximo, por ejemplo 1.234,56";

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const custom = (ctx: z.RefinementCtx, message: string, path?: string) =>
  ctx.addIssue({ code: "custom", message, ...(path ? { path: [path] } : {}) });

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label}: como máximo ${max} caracteres.`);
const required = (label: string, max: number, message = `Escriba ${label.toLowerCase()}.`) =>
  text(label, max).min(1, message);
const optionalText = (label: string, max: number) => text(label, max).transform((v) => (v === "" ? null : v));

const euros = (label: string) =>
  z.string().transform((value, ctx) => {
    if (value.trim() === "") return null;
    const cents = parseEuros(value);
    // Unreadable: its own message, and null so no comparison with other prices adds another.
    if (cents === null) custom(ctx, `${label}: ${MONEY_HINT}.`);
    return cents;
  });

const units = (label: string, max: number) =>
  z.string().transform((value, ctx) => {
    const n = Number(value.trim());
    if (value.trim() === "" || !Number.isInteger(n) || n < 0 || n > max) {
      custom(ctx, `${label}: escriba un número entero entre 0 y ${max.toLocaleString("es-ES")}.`);
    }
    return n;
  });

const measure = (label: string) =>
  z.string().transform((value, ctx) => {
    if (value.trim() === "") return null;
    const n = parseDecimal(value);
    if (n === null || n > 100_000) custom(ctx, `${label}: escriba un número, con decimales si hace falta (por ejemplo 11,5).`);
    return n;
  });

const checkbox = z.string().transform((value) => value !== "");

const decimal = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });

/** A figure of the energy label, blank or within its range (family-fields.ts, LABEL_RANGES). */
const labelFigure = (field: keyof typeof LABEL_RANGES) =>
  z.string().transform((value, ctx) => {
    if (value.trim() === "") return null;
    const { min, max, example } = LABEL_RANGES[field];
    const n = parseDecimal(value);
    if (n === null || n < min || n > max) {
      custom(ctx, `${FIELD_LABELS[field]}: escriba un número entre ${decimal.format(min)} y ${decimal.format(max)}, por ejemplo ${example}, o déjelo en blanco.`);
    }
    return n;
  });

const eprelNumber = z.string().transform((value, ctx) => {
  const digits = value.trim();
  if (digits === "") return null;
  if (!EPREL_NUMBER_PATTERN.test(digits)) {
    custom(ctx, `${FIELD_LABELS.eprelNumber}: escriba solo las cifras del registro, sin espacios ni letras (por ejemplo 1234567).`);
  }
  return digits;
});

const dimensions = (label: string) =>
  z.object({ alto: z.string(), ancho: z.string(), fondo: z.string() }).transform((sides, ctx): Dimensions | null => {
    const values = SIDES.map((side) => sides[side].trim());
    if (values.every((v) => v === "")) return null;
    const numbers = values.map(parseDecimal);
    if (numbers.some((n) => n === null || n <= 0 || n > 1000)) {
      custom(ctx, `${label}: escriba alto, ancho y fondo en centímetros (números mayores que 0), o deje los tres en blanco.`);
      return null;
    }
    const [alto, ancho, fondo] = numbers as number[];
    return { alto: alto!, ancho: ancho!, fondo: fondo! };
  });

const technical = {
  ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, measure(FIELD_LABELS[f])])),
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, optionalText(FIELD_LABELS[f], 200)])),
  ...Object.fromEntries(FLAG_FIELDS.map((f) => [f, checkbox])),
  ...Object.fromEntries(DIMENSIONS_FIELDS.map((f) => [f, dimensions(FIELD_LABELS[f])])),
  seer: labelFigure("seer"),
  scop: labelFigure("scop"),
  soundPowerDb: labelFigure("soundPowerDb"),
  eprelNumber,
} as Record<string, z.ZodType>;

export const productFormSchema = z
  .object({
    family: z.enum(FAMILIES, { error: "Elija la familia del producto." }),
    slug: text("Dirección (slug)", SLUG_MAX_LENGTH),
    brand: required("Marca", 80, "Escriba la marca."),
    model: required("Modelo", 160, "Escriba el modelo."),
    type: z.string().trim(),
    price: euros("Precio"),
    previousPrice: euros("Precio anterior"),
    stock: units("Stock", 100_000),
    lowStockThreshold: units("Umbral de stock bajo", 10_000),
    promotion: checkbox,
    promotionDiscount: euros("Descuento de la promoción"),
    deal: checkbox,
    energyClass: z.string().trim(),
    certification: optionalText("Certificación", 120),
    description: required("Descripción", 5000, "Escriba la descripción."),
    description2: text("Descripción 2", 5000),
    fgasNotSealed: checkbox,
    ...technical,
  })
  .superRefine((v, ctx) => {
    const family = v.family as Family;
    if (v.slug !== "" && !SLUG_PATTERN.test(v.slug)) {
      custom(ctx, "Dirección (slug): solo minúsculas sin tilde, números y guiones, por ejemplo baxi-platinum-24.", "slug");
    }
    if (!isFamilyType(family, v.type)) custom(ctx, "Elija el tipo de la lista.", "type");
    if (v.price === null) custom(ctx, "Escriba el precio en euros, por ejemplo 1.234,56.", "price");
    else if (v.price === 0) custom(ctx, "El precio debe ser mayor que 0 €.", "price");
    if (v.previousPrice !== null && v.price !== null && v.previousPrice <= v.price) {
      custom(ctx, "El precio anterior debe ser mayor que el precio actual, o quede en blanco.", "previousPrice");
    }
    if (v.promotion && !v.promotionDiscount) {
      custom(ctx, "Con la promoción activada, escriba el descuento en euros.", "promotionDiscount");
    } else if (v.promotionDiscount !== null && v.price !== null && v.promotionDiscount >= v.price) {
      custom(ctx, "El descuento debe ser menor que el precio.", "promotionDiscount");
    }
    const energyClass = v.energyClass as string;
    if (energyClass !== "" && !(ENERGY_CLASSES as readonly string[]).includes(energyClass)) {
      custom(ctx, "Elija la clase energética de la lista.", "energyClass");
    } else if (energyClass === "" && family !== "termostatos") {
      // The EU label is mandatory online for these families (the database checks it too).
      custom(ctx, "Elija la clase energética: es obligatoria para este producto.", "energyClass");
    }
    if (powerRequired(family) && (v as Record<string, unknown>).powerKw === null && FAMILY_FIELDS[family].includes("powerKw")) {
      custom(ctx, `Escriba la ${lowerFirst(powerLabel(family))}: los filtros de la tienda la usan.`, "powerKw");
    }
    // Run beside the fields' own problems, so the owner sees every message at once.
  }, { when: ({ value }) => isFamily(String((value as { family?: unknown }).family)) })
  .transform((v): ProductInput => {
    const family = v.family as Family;
    const { price, previousPrice, promotionDiscount, energyClass, slug, ...rest } = v;
    return onlyFamilyFields(family, {
      ...(rest as unknown as ProductInput),
      family,
      slug: slug || slugify(v.brand, v.model),
      priceCents: price ?? 0,
      previousPriceCents: previousPrice,
      promotionDiscountCents: promotionDiscount,
      energyClass: energyClass === "" ? null : (energyClass as ProductInput["energyClass"]),
      fgasNotSealed: mayHoldFgas(family) && v.fgasNotSealed === true,
    });
  });

/** The form's product, or its Spanish messages by input name (first message per input). */
export function parseProductForm(form: FormData): ProductFormResult {
  const input = productFormInput(form);
  const values = Object.fromEntries(PRODUCT_FORM_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  const result = productFormSchema.safeParse(input);
  if (result.success) return { ok: true, product: result.data, values };
  return { ok: false, errors: fieldErrors(result.error), values };
}
