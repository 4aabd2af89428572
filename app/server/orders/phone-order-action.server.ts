import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { removeLine } from "~/domain/basket/basket";
import { echoValues, HIDDEN_FIELDS, ORDER_MESSAGES } from "~/domain/orders/order-form";
import { EMAIL_FIELD, type PhoneOrderHit, type PhoneOrderMaintenance } from "~/domain/orders/phone-order-fields";
import { draftLines, PHONE_ORDER_MESSAGES, validatePhoneOrder } from "~/domain/orders/phone-order-form";
import { gasOptions, isFamily, type BasketLine } from "~/domain/catalogue/product";
import { hasMaintenance } from "~/domain/catalogue/service-prices";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import type { Admin } from "../accounts/admin-access.server";
import { searchCatalogue, type CatalogueHit } from "../catalogue/catalogue-search.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { areaFor, fgasFor } from "./order-form-facts.server";
import { addToDraft, pricedDraft } from "./phone-order-draft.server";
import { placePhoneOrder } from "./phone-orders.server";

/*
 * The phone order's one form (issue 30): every button posts the whole form (search, add,
 * remove, create), so whatever the owner typed comes back on every answer, with or without
 * JavaScript. «Crear pedido y enviar enlace de pago» checks the checkout's schema and places
 * the order through the shop's one order writer; a refusal is a 400 or 409 with the reason.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const MAINTENANCE: PhoneOrderMaintenance[] = Object.entries(MAINTENANCE_TITLES).map(([family, title]) => ({ family, title }));

/** A search result with the choices the shop's pop-up offers for it (so the page's JavaScript carries no catalogue rules). */
function pageHit(hit: CatalogueHit): PhoneOrderHit {
  return {
    id: hit.id,
    name: hit.name,
    family: hit.family,
    type: hit.type,
    priceCents: hit.priceCents,
    stock: hit.stock,
    gases: hit.family === "calderas" ? gasOptions(hit.brand) : [],
    maintainable: isFamily(hit.family) && hasMaintenance(hit.family),
  };
}

/** The page's view of a draft: its lines priced, the search results, what was typed. */
export async function draftPage(lines: BasketLine[], values: Record<string, string>, q: string, key: string) {
  const [draft, hits] = await Promise.all([pricedDraft(lines, values["envio-cp"] ?? null), searchCatalogue(await getDb(), q)]);
  return { lines, draft, results: hits.map(pageHit), maintenance: MAINTENANCE, q, values, idempotencyKey: key };
}

type Answer = { errors?: Record<string, string>; formError?: string; addError?: string; status?: number };

export async function phoneOrderAction(request: Request, admin: Admin) {
  const form = await readForm(request);
  const intent = text(form, "intent");
  const values = { ...echoValues(form), [EMAIL_FIELD]: text(form, EMAIL_FIELD).slice(0, 300) };
  const q = text(form, "q").slice(0, 80);
  const key = /^[A-Za-z0-9-]{16,80}$/.test(text(form, "clave")) ? text(form, "clave") : randomUUID();
  const given = draftLines(form);
  const reply = async (lines: BasketLine[], answer: Answer = {}) =>
    data({ ...(await draftPage(lines, values, q, key)), errors: answer.errors ?? {}, formError: answer.formError, addError: answer.addError }, { status: answer.status ?? 200 });
  if (!given) return reply([], { formError: PHONE_ORDER_MESSAGES.lines, status: 400 });
  let lines = given;

  if (intent.startsWith("anadir:") || intent.startsWith("mantenimiento:")) {
    const change = await addToDraft(form, intent, lines);
    return change.ok ? reply(change.lines) : reply(lines, { addError: change.error, status: 400 });
  }
  if (intent.startsWith("quitar:")) {
    const line = lines[Number(intent.slice("quitar:".length))];
    if (line) lines = removeLine(lines, line.familia, line.id);
    return reply(lines);
  }
  if (intent !== "crear") return reply(lines);

  if (lines.length === 0) return reply(lines, { formError: PHONE_ORDER_MESSAGES.noLines, status: 400 });
  const draft = await pricedDraft(lines, null);
  const basket = { hasServices: draft.hasServices, lines: draft.basketLines };
  const validation = validatePhoneOrder(form, { serviceArea: areaFor(basket), fgas: fgasFor(basket) !== null });
  if (!validation.ok) {
    const hidden = HIDDEN_FIELDS.map((name) => validation.errors[name]).find(Boolean);
    return reply(lines, { errors: validation.errors, formError: hidden ?? ORDER_MESSAGES.summary, status: 400 });
  }
  const result = await placePhoneOrder({ admin, lines, values: validation.values });
  if (!result.ok) return reply(lines, { errors: result.field ? { [result.field]: result.error } : {}, formError: result.error, status: result.status });
  throw redirect(`/admin/pedidos/${encodeURIComponent(result.number)}`);
}
