import { data } from "react-router";
import { addToBasketSchema, type AddToBasketReply } from "~/domain/basket/add-to-basket-form";
import { linesForProduct, maintenanceLine } from "~/domain/basket/basket";
import type { BasketLine } from "~/domain/catalogue/product";
import { appendBasketLines } from "./basket-store.server";
import { findProduct } from "../catalogue/catalogue.server";
import { config } from "../config.server";
import { getDb } from "../db/db.server";
import { clientAddress, hitRateLimit, type RateLimitRule } from "../rate-limit.server";

/** Adds to the basket: CART_RATE_LIMIT (60) a minute from one address; a script cannot grow baskets without end. */
export function basketRateLimit(): RateLimitRule {
  return { prefix: "carrito", max: config().CART_RATE_LIMIT, windowMs: 60_000 };
}

export const BASKET_RATE_LIMIT_MESSAGE = "Ha añadido muchos artículos en muy poco tiempo. Espere un minuto y vuelva a intentarlo.";

/**
 * The one server action behind every "add to basket" button (pop-up, detail page,
 * maintenance offer). Answers 400 with a Spanish message on a rule it breaks, 404 for a
 * product that is gone, 429 over the rate limit (shown in the pop-up, or on the page without
 * JavaScript); on success the count of basket lines, and the cookie of a new basket.
 */
export async function addToBasketAction(request: Request, form: FormData, context?: unknown) {
  const reply = (body: AddToBasketReply, init?: ResponseInit) => data(body, init);
  const parsed = addToBasketSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply({ ok: false, error: "No hemos podido añadir el artículo: faltan datos." }, { status: 400 });
  const input = parsed.data;
  // Counted once the post is a real add: malformed posts cost nothing and are refused above.
  if (!(await hitRateLimit(await getDb(), basketRateLimit(), clientAddress(request)))) {
    return reply({ ok: false, error: BASKET_RATE_LIMIT_MESSAGE }, { status: 429, headers: { "Retry-After": "60" } });
  }

  let lines: BasketLine[];
  if (input.kind === "mantenimiento") {
    lines = [maintenanceLine(input.family, input.equipo)];
  } else {
    const product = await findProduct(input.family, input.id);
    if (!product) return reply({ ok: false, error: "Este producto ya no está disponible." }, { status: 404 });
    if (product.stock <= 0) return reply({ ok: false, error: "Este producto está agotado." }, { status: 400 });
    const result = linesForProduct(product, {
      installation: input.instalacion === "SI",
      maintenance: input.mantenimiento === "SI",
      region: input.provincia,
      gas: input.gas,
    });
    if (!result.ok) return reply({ ok: false, error: result.error }, { status: 400 });
    lines = result.lines;
  }
  const appended = await appendBasketLines(request, lines, context);
  if (!appended.ok) return reply({ ok: false, error: appended.error }, { status: 400 });
  return reply({ ok: true, count: appended.count, added: lines.length }, { headers: appended.headers });
}
