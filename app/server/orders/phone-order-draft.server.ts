import { linesForProduct, maintenanceLine } from "~/domain/basket/basket";
import { summarize } from "~/domain/basket/basket-pricing";
import { isFamily, type BasketLine } from "~/domain/catalogue/product";
import { isValidPostcode } from "~/domain/fields/postcode";
import { fieldName } from "~/domain/orders/order-form";
import { EMAIL_FIELD, MAX_DRAFT_LINES } from "~/domain/orders/phone-order-fields";
import { addChoiceSchema, PHONE_ORDER_MESSAGES } from "~/domain/orders/phone-order-form";
import { findProduct, pricingProducts } from "../catalogue/catalogue.server";
import { customerToStartFrom } from "../customers/customer-prefill.server";
import type { Database } from "../db/client.server";
import { orderFormBasket } from "./order-form-facts.server";

/*
 * The owner's draft of a phone order (issue 30): its lines priced as the checkout prices a
 * basket (for the delivery postcode once typed), lines added by the shop's own add rule
 * (linesForProduct: a boiler's gas, its installation and maintenance), the catalogue search,
 * and the customer record that prefills the form (?cliente=<id>).
 */

export async function pricedDraft(lines: readonly BasketLine[], postcode: string | null) {
  const products = await pricingProducts(lines.filter((line) => isFamily(line.familia)).map((line) => line.id));
  const basket = summarize(lines, products);
  const { grossLines: _gross, ...view } = orderFormBasket(basket, postcode !== null && isValidPostcode(postcode) ? postcode.trim() : null);
  return { ...view, hasServices: basket.hasServices, basketLines: basket.lines };
}

export type DraftChange = { ok: true; lines: BasketLine[] } | { ok: false; error: string };

/** «Añadir» of a search result ("anadir:calderas:12", its fields named after it) or a yearly maintenance alone ("mantenimiento:aires"). */
export async function addToDraft(form: FormData, intent: string, lines: BasketLine[]): Promise<DraftChange> {
  const [verb, family, id] = intent.split(":");
  let added: BasketLine[];
  if (verb === "mantenimiento" && (family === "calderas" || family === "aires" || family === "aerotermia")) {
    added = [maintenanceLine(family)];
  } else {
    const suffix = `${family}-${id}`;
    const get = (name: string) => {
      const value = form.get(`${name}-${suffix}`);
      return typeof value === "string" && value !== "" ? value : undefined;
    };
    const parsed = addChoiceSchema.safeParse({ producto: `${family}:${id}`, cantidad: get("cantidad") ?? "1", instalacion: get("instalacion"), mantenimiento: get("mantenimiento"), gas: get("gas") });
    if (!parsed.success || !family || !isFamily(family)) return { ok: false, error: parsed.success ? PHONE_ORDER_MESSAGES.product : (parsed.error.issues[0]?.message ?? PHONE_ORDER_MESSAGES.product) };
    const product = await findProduct(family, Number(id));
    if (!product) return { ok: false, error: "Este producto ya no está disponible." };
    if (product.stock <= 0) return { ok: false, error: "Este producto está agotado." };
    const choice = parsed.data;
    // A service is always in the service area's region; its postcode is checked with the address.
    const result = linesForProduct(product, { installation: choice.instalacion === "SI", maintenance: choice.mantenimiento === "SI", region: "madrid", gas: choice.gas });
    if (!result.ok) return result;
    added = Array.from({ length: choice.cantidad }, () => result.lines).flat();
  }
  if (lines.length + added.length > MAX_DRAFT_LINES) return { ok: false, error: `Un pedido tiene como máximo ${MAX_DRAFT_LINES} líneas.` };
  return { ok: true, lines: [...lines, ...added] };
}

/** The form's fields from a customer record: both addresses start as the record's. */
export async function customerValues(db: Database, id: number): Promise<Record<string, string> | null> {
  const row = await customerToStartFrom(db, id);
  if (!row) return null;
  const [nombre = "", ...rest] = row.name.trim().split(/\s+/);
  const field = (name: Parameters<typeof fieldName>[1]) => fieldName("envio", name);
  return {
    [field("nombre")]: nombre,
    [field("apellidos")]: rest.join(" "),
    [field("empresa")]: row.company,
    [field("id")]: row.nif,
    [field("direccion")]: row.address,
    [field("cp")]: row.postcode,
    [field("poblacion")]: row.town,
    [field("provincia")]: row.province,
    [field("telefono")]: row.phone,
    [EMAIL_FIELD]: row.email,
    facturacion: "igual",
  };
}
