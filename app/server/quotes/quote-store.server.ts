import { isLinkToken, newLinkToken } from "../link-tokens.server";
import { data } from "react-router";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { addDays, madridDay } from "~/domain/dates/madrid-dates";
import { EXPIRING_SOON_DAYS } from "~/domain/quotes/quote-expiry";
import type { QuoteDraft, QuoteParty, QuoteSeller, WorkPlace } from "~/domain/quotes/quote-content";
import { emptyDraft } from "~/domain/quotes/quote-editor-form";
import { containsPattern } from "~/domain/quotes/quote-inbox";
import type { QuoteListQuery } from "~/domain/quotes/quote-list-query";
import { isQuoteNumber } from "~/domain/quotes/quote-number";
import { audit, type Actor } from "../audit.server";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { contactRequests, quoteResponses, quotes, quoteVersions } from "./quotes-schema.server";
import { nextDocumentNumber } from "../numbering.server";
import { factsOfParty } from "~/domain/customers/customer-sources";
import { customerFor, type CustomerRow } from "../customers/customer-records.server";

/*
 * Written quotes (issue 17): creation with its number, the draft the owner edits, and what the
 * back office and the customer's page read. Sending (quote-send.server.ts) and the customer's
 * answers (quote-answers.server.ts) live beside this.
 */

export type Quote = typeof quotes.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;
export type QuoteResponseRow = typeof quoteResponses.$inferSelect;

/** The installer as every quote names them (decision 0016). */
export function quoteSeller(): QuoteSeller {
  const c = config();
  return {
    legalName: c.SHOP_LEGAL_NAME,
    nif: c.SHOP_NIF,
    address: c.SHOP_ADDRESS,
    phone: c.SHOP_PHONE,
    email: c.SHOP_EMAIL,
    industrialRegistry: c.SHOP_INSTALLER_REGISTRY,
  };
}

/** The customer's link to a quote: unguessable, nothing else in it (link-tokens.server.ts). */
export const newQuoteToken = newLinkToken;
export const isQuoteToken = isLinkToken;

const emptyParty = (): QuoteParty => ({ name: "", nif: "", email: "", phone: "", address: "", postcode: "", town: "", province: "" });

/** The customer, work place and description a request gives the new quote. */
export async function prefillFromRequest(db: Database, requestId: number) {
  const [request] = await db.select().from(contactRequests).where(eq(contactRequests.id, requestId));
  if (!request) return null;
  const customer: QuoteParty = { ...emptyParty(), name: request.nameAndSurname, email: request.email, phone: request.phone, address: request.address, town: request.town };
  const draft: QuoteDraft = { ...emptyDraft(), description: request.message };
  return { requestId: request.id, customer, workPlace: { address: request.address, postcode: "", town: request.town, province: "" }, draft };
}

/** A new quote's customer and place from a customer record (?cliente=): a company is named by its name. */
export function prefillFromCustomer(row: CustomerRow) {
  const place = { address: row.address, postcode: row.postcode, town: row.town, province: row.province };
  const customer: QuoteParty = { ...emptyParty(), name: row.company || row.name, nif: row.nif, email: row.email, phone: row.phone, ...place };
  return { customerId: row.id, customer, workPlace: place, draft: emptyDraft() };
}

/** A new draft with its number, from scratch, from a request (`requestId`) or a customer record (`customerId`), and/or a template (its name, for the log). */
export async function createQuote(
  db: Database,
  actor: { email: string },
  input: { requestId?: number | null; customerId?: number; customer?: QuoteParty; workPlace?: WorkPlace; draft?: QuoteDraft; template?: string },
  now = new Date(),
): Promise<Quote> {
  return db.transaction(async (tx) => {
    // The next "P" number of Madrid's year; a creation that rolls back leaves no gap.
    const { number, year, sequence } = await nextDocumentNumber(tx, "P", now);
    // From a customer record (?cliente=), the quote stays with it while it names the same customer.
    const keep = input.customerId ?? null;
    const customerId = input.customer ? await customerFor(tx, factsOfParty(input.customer), keep) : keep;
    const [quote] = await tx
      .insert(quotes)
      .values({
        number,
        year,
        sequence,
        contactRequestId: input.requestId ?? null,
        customerId,
        customer: input.customer ?? emptyParty(),
        workPlace: input.workPlace ?? { address: "", postcode: "", town: "", province: "" },
        draft: input.draft ?? emptyDraft(),
        token: newQuoteToken(),
        createdBy: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, actor, { action: "crear presupuesto", entity: "presupuesto", entityId: quote!.number, after: { solicitud: input.requestId ?? null, ...(input.template ? { plantilla: input.template } : {}) } });
    return quote!;
  });
}

export async function quoteByNumber(db: Pick<Database, "select">, number: string): Promise<Quote | null> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.number, number));
  return quote ?? null;
}

export async function quoteByToken(db: Pick<Database, "select">, token: string): Promise<Quote | null> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.token, token));
  return quote ?? null;
}

export async function versionsOf(db: Pick<Database, "select">, quoteId: number): Promise<QuoteVersionRow[]> {
  return db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, quoteId)).orderBy(asc(quoteVersions.version));
}

export async function versionOf(db: Pick<Database, "select">, quoteId: number, version: number): Promise<QuoteVersionRow | null> {
  const [row] = await db.select().from(quoteVersions).where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.version, version)));
  return row ?? null;
}

export async function responsesOf(db: Pick<Database, "select">, quoteId: number): Promise<QuoteResponseRow[]> {
  return db.select().from(quoteResponses).where(eq(quoteResponses.quoteId, quoteId)).orderBy(asc(quoteResponses.createdAt), asc(quoteResponses.id));
}

/** The acceptance of a version, if it has one (one at most: the unique index). */
export async function acceptanceOf(db: Pick<Database, "select">, quoteId: number, version: number): Promise<QuoteResponseRow | null> {
  const [row] = await db
    .select()
    .from(quoteResponses)
    .where(and(eq(quoteResponses.quoteId, quoteId), eq(quoteResponses.version, version), eq(quoteResponses.kind, "aceptado")));
  return row ?? null;
}

/** The owner's edit of the draft; a sent version never changes (it is a row of quote_versions). */
export async function saveDraft(
  db: Database,
  actor: Actor,
  quoteId: number,
  value: { customer: QuoteParty; workPlace: WorkPlace; draft: QuoteDraft },
  now = new Date(),
): Promise<Quote | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ customerId: quotes.customerId }).from(quotes).where(eq(quotes.id, quoteId));
    if (!before) return null;
    // The one customer record follows the quote's customer (kept while it is the same person).
    const customerId = await customerFor(tx, factsOfParty(value.customer), before.customerId);
    const [saved] = await tx
      .update(quotes)
      .set({ customer: value.customer, customerId, workPlace: value.workPlace, draft: value.draft, updatedAt: now })
      .where(and(eq(quotes.id, quoteId), sql`${quotes.status} <> 'anulado'`))
      .returning();
    return saved ?? null;
  });
}

/** The back office's list: newest first, searched in the number, customer and e-mail, by status. */
export const QUOTE_LIST_PAGE_SIZE = 25;
export type { QuoteListQuery } from "~/domain/quotes/quote-list-query";

/** A sent quote waiting for its customer's answer. */
const awaitingAnswer = sql`${quotes.status} in ('enviado', 'cambios_pedidos')`;

/** The one place a list status of quotes becomes a condition (the list's filter and Hoy's counts). */
export function quoteStatusIs(status: NonNullable<QuoteListQuery["status"]>, today: string): SQL {
  if (status === "caducado") return sql`${awaitingAnswer} and ${quotes.validUntil} < ${today}`;
  if (status === "por_caducar") return sql`${awaitingAnswer} and ${quotes.validUntil} between ${today} and ${addDays(today, EXPIRING_SOON_DAYS)}`;
  return eq(quotes.status, status);
}

export async function listQuotes(db: Database, query: QuoteListQuery, now = new Date()) {
  const today = madridDay(now);
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(quotes.number, pattern), sql`${quotes.customer}->>'name' ilike ${pattern}`, sql`${quotes.customer}->>'email' ilike ${pattern}`));
  }
  if (query.status) conditions.push(quoteStatusIs(query.status, today));
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(quotes).where(where);
  const pageCount = Math.max(1, Math.ceil(total / QUOTE_LIST_PAGE_SIZE));
  const page = Math.min(Math.max(query.page, 1), pageCount);
  const rows = await db
    .select()
    .from(quotes)
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(QUOTE_LIST_PAGE_SIZE)
    .offset((page - 1) * QUOTE_LIST_PAGE_SIZE);
  return { rows, total, page, pageCount };
}

/** The signed-in customer's quotes, by the account's e-mail (the quote's customer e-mail); sent ones only. */
export async function quotesForEmail(db: Database, email: string) {
  return db
    .select({ number: quotes.number, token: quotes.token, status: quotes.status, validUntil: quotes.validUntil, sentAt: quotes.sentAt, currentVersion: quotes.currentVersion })
    .from(quotes)
    .where(and(sql`lower(${quotes.customer}->>'email') = ${email.trim().toLowerCase()}`, sql`${quotes.currentVersion} > 0`, sql`${quotes.status} <> 'anulado'`))
    .orderBy(desc(quotes.sentAt), desc(quotes.id));
}

/** The quote of an admin page's :number, or the 404 page (the editor's and the preview's). */
export async function adminQuoteOr404(db: Pick<Database, "select">, number: string | undefined): Promise<Quote> {
  const quote = isQuoteNumber(number) ? await quoteByNumber(db, number) : null;
  if (!quote) throw data(null, { status: 404 });
  return quote;
}
