import { and, asc, eq, gte, isNull, lte, notExists, sql } from "drizzle-orm";
import { madridDay } from "~/domain/dates/madrid-dates";
import { DAY_MS } from "~/domain/site/retention";
import { audit } from "../audit.server";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { quoteResponses, quotes } from "./quotes-schema.server";
import { enqueueQuoteReminder } from "./quote-emails.server";

/*
 * One reminder per sent quote (issue 17): QUOTE_REMINDER_DAYS after it was sent, when the
 * customer has not answered the current version and it is still valid. quotes.reminded_at is
 * set by a conditional UPDATE in the same transaction as the e-mail, so two runs at once (two
 * instances) send it once; sending a new version clears it.
 */

const BATCH = 200;

export async function runQuoteReminders(db: Database, now = new Date(), days = config().QUOTE_REMINDER_DAYS): Promise<string[]> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const today = madridDay(now);
  const unanswered = notExists(
    db.select({ one: sql`1` }).from(quoteResponses).where(and(eq(quoteResponses.quoteId, quotes.id), eq(quoteResponses.version, quotes.currentVersion))),
  );
  const due = and(eq(quotes.status, "enviado"), isNull(quotes.remindedAt), lte(quotes.sentAt, cutoff), gte(quotes.validUntil, today), unanswered);
  const candidates = await db.select({ id: quotes.id }).from(quotes).where(due).orderBy(asc(quotes.id)).limit(BATCH);
  const reminded: string[] = [];
  for (const { id } of candidates) {
    const number = await db.transaction(async (tx) => {
      const [quote] = await tx.update(quotes).set({ remindedAt: now }).where(and(eq(quotes.id, id), due)).returning();
      if (!quote) return null;
      await enqueueQuoteReminder(tx, quote);
      await audit(tx, "sistema", { action: "recordar presupuesto", entity: "presupuesto", entityId: quote.number, after: { recordadoEl: now.toISOString() } });
      return quote.number;
    });
    if (number) reminded.push(number);
  }
  return reminded;
}

/** The scheduled task's one log line. */
export async function quoteRemindersTask(db: Database, now = new Date()): Promise<string> {
  const reminded = await runQuoteReminders(db, now);
  return `presupuestos sin respuesta: ${reminded.length} recordatorios${reminded.length ? ` (${reminded.join(", ")})` : ""}`;
}
