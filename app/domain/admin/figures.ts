import { addDays, mondayOf } from "../dates/madrid-dates";

/*
 * The figures on the back office's home (issue 30, after Shopify's and Jobber's home screens):
 * what was invoiced this month against the same days of the same month last year, twelve weeks
 * of invoicing and of quotes sent and accepted, and the share of quotes sent that were
 * accepted. Amounts are invoices' totals with VAT (rectifying ones subtract, annulled ones
 * count nowhere), as the invoice list and the accountant's CSV add them up.
 */

/** How many weeks the chart shows, this one included. */
export const CHART_WEEKS = 12;

export type MonthPeriods = {
  /** This month so far: its first day to today. */
  current: { from: string; to: string };
  /** The same days a year before (29 February falls back to the 28th). */
  lastYear: { from: string; to: string };
  /** The whole of that month a year before. */
  lastYearMonth: { from: string; to: string };
};

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const ymd = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

export function monthPeriods(today: string): MonthPeriods {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const lastYearEnd = lastDayOfMonth(year - 1, month);
  return {
    current: { from: ymd(year, month, 1), to: today },
    lastYear: { from: ymd(year - 1, month, 1), to: ymd(year - 1, month, Math.min(day, lastYearEnd)) },
    lastYearMonth: { from: ymd(year - 1, month, 1), to: ymd(year - 1, month, lastYearEnd) },
  };
}

/** The Mondays of the chart's weeks, oldest first, the current week last. */
export function chartWeeks(today: string): string[] {
  const last = mondayOf(today);
  return Array.from({ length: CHART_WEEKS }, (_, i) => addDays(last, -7 * (CHART_WEEKS - 1 - i)));
}

/** "+12 %", "−8 %", or null when there is nothing to compare with. */
export function percentChange(now: number, before: number): string | null {
  if (before <= 0) return null;
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? "+" : change < 0 ? "−" : ""}${Math.abs(change)} %`;
}

/** The share accepted, rounded ("40 %"), or null with none sent. */
export function winRate(accepted: number, sent: number): string | null {
  return sent > 0 ? `${Math.round((accepted / sent) * 100)} %` : null;
}

export type WeekFigures = { week: string; invoicedCents: number; quotesSent: number; quotesAccepted: number };
