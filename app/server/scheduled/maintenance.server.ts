import { automaticBackupTask, BACKUP_TASK } from "../operations/auto-backup.server";
import { RESTORE_DRILL_TASK, restoreDrillTask } from "../operations/restore-drill.server";
import { sql, type SQL } from "drizzle-orm";
import { contactRef } from "../outbox-refs.server";
import { DAY_MS, MINUTE_MS, RETENTION, spanishPeriod } from "~/domain/site/retention";
import type { Database } from "../db/client.server";
import { session, signInFailures, verification } from "../accounts/accounts-schema.server";
import { baskets } from "../basket/basket-schema.server";
import { outbox, requestLimits } from "../db/shared-schema.server";
import { pageChanges } from "../page-cache/page-cache-schema.server";
import { contactRequests } from "../quotes/quotes-schema.server";
import { purgeOldRepairRequests } from "../repairs/repair-requests.server";
import type { ScheduledTask } from "./scheduler.server";
import { verifactuCatchUpTask } from "../invoices/verifactu-send.server";
import { paymentWindowTask } from "../orders/payment-window.server";
import { transferDeadlinesTask } from "../orders/transfer-deadlines.server";
import { purgeStockAlerts } from "../stock-alerts/stock-alerts.server";
import { quoteRemindersTask } from "../quotes/quote-reminders.server";
import { jobRemindersTask } from "../jobs/job-reminders.server";
import { depositWindowsTask } from "../jobs/deposit-windows.server";
import { renewalsTask } from "../maintenance/plan-renewals.server";
import { planVisitsTask, recordDoneVisits } from "../maintenance/plan-visits.server";
import { deleteForgottenCustomers, linkUntiedRows } from "../customers/customer-links.server";

/*
 * What keeps the tables that grow with traffic bounded, and the retention the privacy policy
 * promises (issue 10). Periods: ~/domain/retention. Each returns its one log line.
 */

type Executor = Pick<Database, "execute">;

/** Runs a DELETE and counts its rows, the same way on PostgreSQL and PGlite. */
async function deleted(db: Executor, statement: SQL): Promise<number> {
  const result = await db.execute(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
  return Number((result.rows[0] as { n: number | string }).n);
}

const before = (now: Date, days: number) => sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;

/** Baskets nobody changed for 30 days; their cookie is a session cookie, no browser still has it. */
export async function purgeAbandonedBaskets(db: Database, now = new Date()): Promise<string> {
  const days = RETENTION.abandonedBasketDays;
  const n = await deleted(db, sql`delete from ${baskets} where ${baskets.updatedAt} < ${before(now, days)}`);
  return `cestas sin cambios en ${days} días borradas: ${n}`;
}

/**
 * Rate-limit counters whose window is over: request_limits (every limit, better-auth's too since
 * decision 0023) once expires_at has passed.
 */
export async function purgeRateLimits(db: Database, now = new Date()): Promise<string> {
  const ours = await deleted(db, sql`delete from ${requestLimits} where ${requestLimits.expiresAt} < ${now.getTime()}`);
  const failures = await deleted(
    db,
    sql`delete from ${signInFailures} where ${signInFailures.lastFailedAt} < ${new Date(now.getTime() - RETENTION.signInFailureHours * 60 * MINUTE_MS).toISOString()}::timestamptz`,
  );
  return `contadores de límites de peticiones con la ventana cerrada borrados: ${ours}; fallos de inicio de sesión de más de ${RETENTION.signInFailureHours} horas: ${failures}`;
}

/** Delivered (or skipped) outbox entries after 30 days; failed ones after 180, for the owner to see. */
export async function purgeOutbox(db: Database, now = new Date()): Promise<string> {
  const delivered = await deleted(
    db,
    sql`delete from ${outbox} where ${outbox.status} in ('done', 'skipped') and ${outbox.updatedAt} < ${before(now, RETENTION.deliveredOutboxDays)}`,
  );
  const failed = await deleted(
    db,
    sql`delete from ${outbox} where ${outbox.status} = 'failed' and ${outbox.updatedAt} < ${before(now, RETENTION.failedOutboxDays)}`,
  );
  return `envíos borrados: ${delivered} entregados u omitidos de más de ${RETENTION.deliveredOutboxDays} días, ${failed} fallidos de más de ${RETENTION.failedOutboxDays} días`;
}

/**
 * The privacy policy's periods: quote requests after a year (with any outbox entry still
 * naming one: by its ref "contact:<id>", or for entries older than the ref the task card's
 * request id; such old e-mails were purged with the delivered entries long before), sessions
 * and verification codes once expired (the policy
 * keeps the IP address and browser only while a session is open).
 */
export async function enforcePrivacyRetention(db: Database, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const old = await tx.execute(
      sql`delete from ${contactRequests} where ${contactRequests.createdAt} < ${before(now, RETENTION.contactRequestDays)} returning ${contactRequests.id}`,
    );
    const ids = (old.rows as { id: number }[]).map((row) => String(row.id));
    const entries = ids.length
      ? await deleted(
          tx,
          sql`delete from ${outbox} where ${outbox.payload}->>'requestId' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
                or ${outbox.ref} in (${sql.join(ids.map((id) => sql`${contactRef(Number(id))}`), sql`, `)})`,
        )
      : 0;
    const repairs = await purgeOldRepairRequests(tx, new Date(now.getTime() - RETENTION.repairRequestDays * DAY_MS));
    const forgotten = await deleteForgottenCustomers(tx, before(now, RETENTION.contactRequestDays));
    const expired = sql`${now.toISOString()}::timestamptz`;
    const sessions = await deleted(tx, sql`delete from ${session} where ${session.expiresAt} < ${expired}`);
    const codes = await deleted(tx, sql`delete from ${verification} where ${verification.expiresAt} < ${expired}`);
    return (
      `solicitudes de presupuesto de más de ${spanishPeriod(RETENTION.contactRequestDays)} borradas: ${ids.length}` +
      ` (con ${entries} envíos suyos); avisos de avería de más de ${spanishPeriod(RETENTION.repairRequestDays)}: ${repairs}; fichas de cliente sin nada de más de ${spanishPeriod(RETENTION.contactRequestDays)}: ${forgotten}; sesiones caducadas: ${sessions}; códigos de verificación caducados: ${codes}`
    );
  });
}

/**
 * The page cache's change log (issue 14) after an hour: each instance reads it every few
 * moments, and one that has not for half an hour drops its whole cache instead
 * (app/server/page-cache/change-watch.server.ts, LONGEST_GAP_MS).
 */
export async function purgePageChanges(db: Database, now = new Date()): Promise<string> {
  const n = await deleted(db, sql`delete from ${pageChanges} where ${pageChanges.changedAt} < ${new Date(now.getTime() - 60 * MINUTE_MS).toISOString()}::timestamptz`);
  return `cambios de páginas de hace más de una hora borrados: ${n}`;
}

/** Started by server.ts; each runs on one instance at a time. */
export const MAINTENANCE_TASKS: readonly ScheduledTask[] = [
  { name: "purge-baskets", everyMs: DAY_MS, run: (db) => purgeAbandonedBaskets(db) },
  // Every few minutes: the privacy policy promises client addresses are gone within minutes.
  { name: "purge-rate-limits", everyMs: RETENTION.rateLimitPurgeEveryMinutes * MINUTE_MS, run: (db) => purgeRateLimits(db) },
  { name: "purge-outbox", everyMs: DAY_MS, run: (db) => purgeOutbox(db) },
  { name: "purge-page-changes", everyMs: 10 * MINUTE_MS, run: (db) => purgePageChanges(db) },
  { name: "privacy-retention", everyMs: DAY_MS, run: (db) => enforcePrivacyRetention(db) },
  // Back-in-stock alerts (issue 15): unconfirmed ones go within the hour after their period.
  { name: "purge-stock-alerts", everyMs: 60 * MINUTE_MS, run: (db) => purgeStockAlerts(db) },
  // Unpaid transfers (issue 11): reminders and expiries go out within a quarter of an hour.
  { name: "transfer-deadlines", everyMs: 15 * MINUTE_MS, run: (db) => transferDeadlinesTask(db) },
  // Card and Bizum (issue 12): units held by an unpaid order go back within a minute of its window.
  { name: "payment-windows", everyMs: MINUTE_MS, run: (db) => paymentWindowTask(db) },
  // VERI*FACTU (issue 13): records left waiting (a failure, the AEAT's wait, a new certificate) go out.
  { name: "verifactu-catch-up", everyMs: MINUTE_MS, run: (db) => verifactuCatchUpTask(db) },
  // Written quotes (issue 17): one reminder QUOTE_REMINDER_DAYS after sending, while unanswered and valid.
  { name: "quote-reminders", everyMs: 15 * MINUTE_MS, run: (db) => quoteRemindersTask(db) },
  // Installation jobs (issue 17): the customer's reminder the day before, from 09:00 Madrid time.
  { name: "job-reminders", everyMs: 15 * MINUTE_MS, run: (db) => jobRemindersTask(db) },
  // A job's deposit (issue 17): unpaid after DEPOSIT_PAYMENT_DAYS, the job's units go back to stock.
  { name: "deposit-windows", everyMs: 15 * MINUTE_MS, run: (db) => depositWindowsTask(db) },
  // One customer record (issue 30): rows written before records existed get theirs.
  { name: "customer-links", everyMs: 15 * MINUTE_MS, run: (db) => linkUntiedRows(db) },
  // Maintenance plans (issue 31): renewal notices 30 days before, plans due, plans ended unpaid; at 08:00 Madrid.
  { name: "plan-renewals", everyMs: DAY_MS, at: "08:00", run: (db) => renewalsTask(db) },
  // A plan's visits (issue 31): six weeks before one is due, its job and the e-mail to choose the day; reminders; at 08:30 Madrid.
  { name: "plan-visits", everyMs: DAY_MS, at: "08:30", run: (db) => planVisitsTask(db) },
  // Automatic backups (issue 32): encrypted, rotated, at 03:30 Madrid, while BACKUP_KEY is set.
  { name: BACKUP_TASK, everyMs: DAY_MS, at: "03:30", run: (db) => automaticBackupTask(db) },
  // The restore drill (issue 32): the newest copy restored into a scratch database and checked, Sundays at 05:00 Madrid.
  { name: RESTORE_DRILL_TASK, everyMs: 7 * DAY_MS, at: "05:00", weekday: 7, run: (db) => restoreDrillTask(db) },
  // A plan's visit done (its report signed, or marked finished): the day goes on its units.
  { name: "plan-visits-done", everyMs: 15 * MINUTE_MS, run: (db) => recordDoneVisits(db) },
];
