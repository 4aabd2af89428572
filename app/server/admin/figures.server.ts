import { and, eq, gte, lte, sql } from "drizzle-orm";
import { chartWeeks, monthPeriods, type WeekFigures } from "~/domain/admin/figures";
import { addDays, madridInstant } from "~/domain/dates/madrid-dates";
import type { Database } from "../db/client.server";
import { invoicedCents, notAnnulled } from "../invoices/invoice-list.server";
import { invoices } from "../invoices/invoices-schema.server";
import { quoteResponses, quoteVersions } from "../quotes/quotes-schema.server";

/*
 * Hoy's figures (issue 30, ~/domain/admin/figures): invoiced this month against the same days a
 * year before, twelve weeks of invoicing and of quotes sent (a quote's first version) and
 * accepted, and how many of the quotes first sent in those weeks were accepted.
 */

const MADRID_WEEK = (column: unknown) => sql<string>`to_char(date_trunc('week', ${column} at time zone 'Europe/Madrid'), 'YYYY-MM-DD')`;

async function weekly(db: Database, weeks: string[]): Promise<WeekFigures[]> {
  const from = weeks[0]!;
  const to = addDays(weeks.at(-1)!, 6);
  const since = madridInstant(from);
  const [invoiced, sent, accepted] = await Promise.all([
    db
      .select({ week: sql<string>`to_char(date_trunc('week', ${invoices.issuedOn}::timestamp), 'YYYY-MM-DD')`, cents: sql<string>`sum(${invoices.totalCents})::text` })
      .from(invoices)
      .where(
        and(
          gte(invoices.issuedOn, from),
          lte(invoices.issuedOn, to),
          notAnnulled,
        ),
      )
      .groupBy(sql`1`),
    db
      .select({ week: MADRID_WEEK(quoteVersions.sentAt), n: sql<number>`count(*)::int` })
      .from(quoteVersions)
      .where(and(eq(quoteVersions.version, 1), gte(quoteVersions.sentAt, since)))
      .groupBy(sql`1`),
    db
      .select({ week: MADRID_WEEK(quoteResponses.createdAt), n: sql<number>`count(distinct ${quoteResponses.quoteId})::int` })
      .from(quoteResponses)
      .where(and(eq(quoteResponses.kind, "aceptado"), gte(quoteResponses.createdAt, since)))
      .groupBy(sql`1`),
  ]);
  const byWeek = <T>(rows: Array<{ week: string } & T>) => new Map(rows.map((row) => [row.week, row]));
  const [i, s, a] = [byWeek(invoiced), byWeek(sent), byWeek(accepted)];
  return weeks.map((week) => ({
    week,
    invoicedCents: Number(i.get(week)?.cents ?? 0),
    quotesSent: Number(s.get(week)?.n ?? 0),
    quotesAccepted: Number(a.get(week)?.n ?? 0),
  }));
}

/** Of the quotes first sent since `from`, how many the customer has accepted (any version, any day since). */
async function winRateFigures(db: Database, from: string): Promise<{ sent: number; accepted: number }> {
  const [row] = await db
    .select({ sent: sql<number>`count(distinct ${quoteVersions.quoteId})::int`, accepted: sql<number>`count(distinct ${quoteResponses.quoteId})::int` })
    .from(quoteVersions)
    .leftJoin(quoteResponses, and(eq(quoteResponses.quoteId, quoteVersions.quoteId), eq(quoteResponses.kind, "aceptado")))
    .where(and(eq(quoteVersions.version, 1), gte(quoteVersions.sentAt, madridInstant(from))));
  return { sent: Number(row?.sent ?? 0), accepted: Number(row?.accepted ?? 0) };
}

export async function homeFigures(db: Database, today: string) {
  const months = monthPeriods(today);
  const weeks = chartWeeks(today);
  const [current, lastYear, lastYearMonth, chart, quotes] = await Promise.all([
    invoicedCents(db, months.current.from, months.current.to),
    invoicedCents(db, months.lastYear.from, months.lastYear.to),
    invoicedCents(db, months.lastYearMonth.from, months.lastYearMonth.to),
    weekly(db, weeks),
    winRateFigures(db, weeks[0]!),
  ]);
  return { months, invoiced: { current, lastYear, lastYearMonth }, chart, quotes };
}

export type HomeFigures = Awaited<ReturnType<typeof homeFigures>>;
