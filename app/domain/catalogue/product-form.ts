import { isFamily, type CatalogueProduct, type Family } from "./product";
import { decimalEuros } from "../money";
import { decimalToInput } from "./euros";
import {
  DIMENSIONS_FIELDS,
  FAMILY_FIELDS,
  FLAG_FIELDS,
  NUMBER_FIELDS,
  TECHNICAL_FIELDS,
  TEXT_FIELDS,
  mayHoldFgas,
  type DimensionsField,
} from "./family-fields";

/*
 * The product form of the back office (/admin/catalogo/nuevo and /admin/catalogo/:id): its
 * inputs, how a post is read and what a stored product shows. Every field arrives as text (a
 * real <form>, no JavaScript needed). The schema is in product-form-schema.ts, which the
 * page fetches for its browser check when the owner comes to the form (issue 14).
 */

/** What the form stores: a product row without its identity, pictures and bookkeeping. */
export type ProductInput = Omit<CatalogueProduct, "id" | "image" | "images" | "photos"> & { lowStockThreshold: number };

export type ProductFormValues = Record<string, string>;
export type ProductFormErrors = Partial<Record<string, string>>;

export const SIDES = ["alto", "ancho", "fondo"] as const;
export const dimensionInputName = (field: DimensionsField, side: (typeof SIDES)[number]) => `${field}-${side}`;

/** The names of the form's inputs, in one place for the page, the reader and the tests. */
export const PRODUCT_FORM_FIELDS = [
  "family", "slug", "brand", "model", "type", "price", "previousPrice", "stock", "lowStockThreshold",
  "promotion", "promotionDiscount", "deal", "energyClass", "certification", "description", "description2", "fgasNotSealed",
  ...NUMBER_FIELDS, ...TEXT_FIELDS, ...FLAG_FIELDS,
  ...DIMENSIONS_FIELDS.flatMap((field) => SIDES.map((side) => dimensionInputName(field, side))),
] as const;

/** The posted form as the schema reads it: every input as text, dimensions grouped. */
export function productFormInput(form: FormData): Record<string, unknown> {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const input: Record<string, unknown> = Object.fromEntries(PRODUCT_FORM_FIELDS.map((name) => [name, read(name)]));
  for (const field of DIMENSIONS_FIELDS) {
    input[field] = Object.fromEntries(SIDES.map((side) => [side, read(dimensionInputName(field, side))]));
  }
  // Another family's characteristics are not on the page: whatever arrives for them is not read.
  const family = read("family");
  if (isFamily(family)) {
    const own = new Set<string>(FAMILY_FIELDS[family]);
    for (const field of TECHNICAL_FIELDS) {
      if (own.has(field)) continue;
      input[field] = (DIMENSIONS_FIELDS as string[]).includes(field) ? { alto: "", ancho: "", fondo: "" } : "";
    }
    if (!mayHoldFgas(family)) input.fgasNotSealed = "";
  }
  return input;
}

export type ProductFormResult =
  | { ok: true; product: ProductInput; values: ProductFormValues }
  | { ok: false; errors: ProductFormErrors; values: ProductFormValues };

/** What the form shows for a stored product (or the defaults of a new one). */
export function productFormValues(product: Partial<ProductInput> & { family: Family }): ProductFormValues {
  const values: ProductFormValues = {
    family: product.family,
    slug: product.slug ?? "",
    brand: product.brand ?? "",
    model: product.model ?? "",
    type: product.type ?? "",
    price: decimalEuros(product.priceCents ?? null),
    previousPrice: decimalEuros(product.previousPriceCents ?? null),
    stock: String(product.stock ?? 0),
    lowStockThreshold: String(product.lowStockThreshold ?? 2),
    promotion: product.promotion ? "on" : "",
    promotionDiscount: decimalEuros(product.promotionDiscountCents ?? null),
    deal: product.deal ? "on" : "",
    energyClass: product.energyClass ?? "",
    certification: product.certification ?? "",
    description: product.description ?? "",
    description2: product.description2 ?? "",
    // A new air conditioner is a split, charged on site: ticked until the owner says otherwise.
    fgasNotSealed: (product.fgasNotSealed ?? product.family === "aires") ? "on" : "",
  };
  for (const field of NUMBER_FIELDS) values[field] = decimalToInput(product[field] ?? null);
  for (const field of TEXT_FIELDS) values[field] = product[field] ?? "";
  for (const field of FLAG_FIELDS) values[field] = product[field] ? "on" : "";
  for (const field of DIMENSIONS_FIELDS) {
    for (const side of SIDES) values[dimensionInputName(field, side)] = decimalToInput(product[field]?.[side] ?? null);
  }
  return values;
}
