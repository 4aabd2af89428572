import { data } from "react-router";
import { parseProductId } from "~/domain/quotes/contact-form";
import { detailHref } from "~/domain/catalogue/product";
import {
  ALERT_FIELDS,
  ALERT_HONEYPOT,
  ALERT_MESSAGES,
  CONSENT_VALUE,
  formText,
  type AlertProductSummary,
  type StockAlertReply,
} from "~/domain/stock-alerts/alert-form";
import { validateStockAlert } from "~/domain/stock-alerts/alert-form-schema";
import { config, publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { log } from "../log.server";
import { clientAddress, hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { bodyProblemStatus, readForm } from "../http/request-body.server";
import { findAlertProduct, isAvailable, productName, subscribe, type AlertProduct } from "./stock-alerts.server";

/*
 * POST /avisos-disponibilidad (issue 15): the form of every sold-out product page. Those pages
 * are shared by the page cache (docs/decisions/0011), so the form is the same for everybody
 * and this action answers: a page of its own without JavaScript, data for the fetcher with it.
 * Neither is ever kept by the cache (a POST, and a route not listed as cacheable).
 * Honeypot and limit per client address as the contact form; bad input is a 400 that gives
 * back what was typed; the answer to a valid request is the same whether the address was new,
 * waiting or already confirmed.
 */

const MAX_BODY_BYTES = 20_000;

/** As many posts per address as the contact form allows (CONTACT_RATE_LIMIT per ten minutes). */
function stockAlertRateLimit(): RateLimitRule {
  return { prefix: "aviso-stock", max: config().CONTACT_RATE_LIMIT, windowMs: 10 * 60_000 };
}

const reply = (body: StockAlertReply, status: number) => data(body, { status });

const summary = (product: AlertProduct): AlertProductSummary => ({ id: product.id, name: productName(product), href: detailHref(product) });

export async function stockAlertAction(request: Request) {
  let form: FormData;
  try {
    form = await readForm(request, { maxBytes: MAX_BODY_BYTES });
  } catch (error) {
    if (bodyProblemStatus(error) === 413) return reply({ ok: false, error: ALERT_MESSAGES.tooLarge }, 413);
    throw error;
  }
  const values = { email: formText(form, ALERT_FIELDS.email).slice(0, 400), consent: formText(form, ALERT_FIELDS.consent) === CONSENT_VALUE };

  const trap = form.get(ALERT_HONEYPOT);
  if (trap !== null && trap !== "") {
    log("avisos").warn("aviso de disponibilidad descartado: campo trampa relleno");
    return reply({ ok: false, error: ALERT_MESSAGES.spam }, 400);
  }

  let db: Database;
  let product: AlertProduct | undefined;
  try {
    db = await getDb();
    if (!(await hitRateLimit(db, stockAlertRateLimit(), clientAddress(request)))) {
      return reply({ ok: false, error: ALERT_MESSAGES.rateLimited, values }, 429);
    }
    const id = parseProductId(form.get(ALERT_FIELDS.product));
    product = id ? await findAlertProduct(db, id) : undefined;
  } catch (error) {
    return unavailable(error, values);
  }
  if (!product?.active) return reply({ ok: false, error: ALERT_MESSAGES.product, values }, 400);

  const checked = validateStockAlert(form);
  if (!checked.ok) {
    return reply({ ok: false, error: checked.error, fieldErrors: checked.fieldErrors, values, product: summary(product) }, 400);
  }
  // Back on sale since the page was kept: nothing to wait for, and no address to keep.
  if (isAvailable(product)) return reply({ ok: true, inStock: true, message: ALERT_MESSAGES.inStock, product: summary(product) }, 200);

  try {
    const outcome = await subscribe(db, product, checked.values.email);
    if (outcome === "quiet") log("avisos").warn({ product: product.id }, "aviso de disponibilidad: límite de correos a una misma dirección; no se envía otro");
  } catch (error) {
    return unavailable(error, values);
  }
  return reply({ ok: true, message: ALERT_MESSAGES.sent, product: summary(product) }, 200);
}

function unavailable(error: unknown, values: { email: string; consent: boolean }) {
  log("avisos").error({ err: error }, "no se pudo guardar el aviso de disponibilidad");
  const message = `No hemos podido guardar su aviso. Inténtelo de nuevo en unos minutos o llámenos al ${publicShopInfo().phone}.`;
  return reply({ ok: false, error: message, values }, 503);
}
