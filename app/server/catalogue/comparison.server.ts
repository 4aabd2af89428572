import { and, inArray, sql } from "drizzle-orm";
import { createCookie, data, redirect } from "react-router";
import {
  addOutcomeMessage,
  addToComparison,
  comparisonHref,
  listFromCookie,
  NOTICE_PARAM,
  noticeKey,
  parseComparisonParam,
  type CompareReply,
  type ListEntry,
} from "~/domain/catalogue/comparison";
import type { CatalogueProduct } from "~/domain/catalogue/product";
import { toCatalogueProduct } from "./catalogue.server";
import { publicBaseUrl } from "../config.server";
import { getDb } from "../db/db.server";
import { productColumns, products } from "../db/schema.server";

/*
 * The comparison's I/O (issue 15): the products a comparison page shows, and the visitor's
 * list while choosing, kept in a cookie. Cards and product pages come from the shared page
 * cache, so their «Comparar» is the same form for everybody; what differs per visitor is only
 * this cookie, read and written by the action, never by a page. The comparison page reads its
 * address alone. Nothing is stored on the server: no rate limit or honeypot is needed (a post
 * costs one read of at most five rows by primary key, like a page view).
 */

/**
 * The list: product ids. A technical cookie (the visitor asked for it), for the browser
 * session like the basket's; SameSite=Lax, HttpOnly as every cookie of ours (the page never
 * needs to read it).
 */
export function compareCookie() {
  return createCookie("comparar", { path: "/", httpOnly: true, sameSite: "lax", secure: publicBaseUrl().startsWith("https:") });
}

const visible = sql`${products.active}`;

/** The visible products among `ids` (any order; the domain puts them in the address's). */
export async function comparisonProducts(ids: readonly number[]): Promise<CatalogueProduct[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.select(productColumns).from(products).where(and(inArray(products.id, [...ids]), visible));
  return rows.map(toCatalogueProduct);
}

async function listEntries(requested: readonly number[]): Promise<ListEntry[]> {
  const ids = [...new Set(requested)];
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ id: products.id, family: products.family })
    .from(products)
    .where(and(inArray(products.id, ids), visible));
  // In the order the visitor added them; products gone from the shop drop out.
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

const badRequest = (message: string) => data({ message }, { status: 400 });

/**
 * POST /comparar: «Comparar» (intent=anadir, producto=<id>) adds to the visitor's list;
 * «Quitar» on the comparison page (intent=quitar, quitar=<id>, productos=<the page's list>)
 * takes one out of what the page shows, which becomes the visitor's list. Without JavaScript
 * the answer is the comparison page; with it (js=1), a short reply for the button's message.
 */
export async function compareAction(request: Request, form: FormData) {
  const intent = form.get("intent");
  const js = form.get("js") === "1";
  const cookie = compareCookie();

  if (intent === "quitar") {
    const removed = Number(form.get("quitar"));
    const shown = parseComparisonParam(String(form.get("productos") ?? "")).ids;
    const ids = shown.filter((id) => id !== removed);
    return redirect(comparisonHref(ids), { status: 303, headers: { "Set-Cookie": await cookie.serialize(ids) } });
  }
  if (intent !== "anadir") throw badRequest("No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo.");

  const raw = String(form.get("producto") ?? "");
  const id = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 0;
  if (id === 0) throw badRequest("No sabemos qué producto quería comparar. Vuelva a la página e inténtelo de nuevo.");
  const current = listFromCookie(await cookie.parse(request.headers.get("Cookie")));
  const entries = await listEntries([...current, id]);
  const product = entries.find((entry) => entry.id === id);
  if (!product) {
    const message = "Este producto ya no está en la tienda.";
    if (js) return data<CompareReply>({ ok: false, message, href: comparisonHref(current), count: current.length }, { status: 404 });
    throw data({ message }, { status: 404 });
  }

  const outcome = addToComparison(
    entries.filter((entry) => current.includes(entry.id)),
    product,
  );
  const headers = { "Set-Cookie": await cookie.serialize(outcome.ids) };
  const href = comparisonHref(outcome.ids);
  if (js) {
    const reply: CompareReply = { ok: outcome.kind !== "full", message: addOutcomeMessage(outcome, product.family), href, count: outcome.ids.length };
    return data(reply, { status: outcome.kind === "full" ? 409 : 200, headers });
  }
  const notice = noticeKey(outcome);
  return redirect(notice ? comparisonHref(outcome.ids, { [NOTICE_PARAM]: notice }) : href, { status: 303, headers });
}
