import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { nextMadridTime } from "~/domain/dates/madrid-dates";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { scheduledTasks } from "../db/shared-schema.server";
import { countTaskRun } from "../operations/metrics.server";
import { log } from "../log.server";
import { startPolling } from "../poller.server";

/*
 * Recurring maintenance tasks on one instance at a time (docs/decisions/0003-scheduled-jobs.md).
 * Each task has a row in scheduled_tasks; a run is claimed by one UPDATE ... WHERE
 * next_run_at <= now() AND the lease is free ... RETURNING, which the row lock makes atomic on
 * PostgreSQL and PGlite alike: of two instances polling together, one gets the run, the other
 * finds the lease taken. The claim carries a token; a heartbeat keeps the lease while the task
 * runs; only the claim's token can finish it and set the next run.
 */

export type ScheduledTask = {
  /** The row's key: keep it stable, or the task starts over with a new row. */
  name: string;
  /** How long after a run the next one is due; a retry after a failure comes sooner. */
  everyMs: number;
  /**
   * A time of day on Madrid's clock ("08:00"): the task runs then, once a day, instead of
   * every `everyMs` counted from the last run (decision 0034: the after-sales e-mails go out
   * in the morning). Its first run waits for that time too.
   */
  at?: string;
  /** With `at`: runs once a week, on this day (1 Monday ... 7 Sunday), instead of daily. */
  weekday?: number;
  /** Does the work; returns one line saying what it did (it is logged and kept in the row). */
  run: (db: Database) => Promise<string>;
};

/** Tests shorten these. */
export const schedulerSettings = { pollMs: 60_000, leaseMs: 10 * 60_000, heartbeatMs: 60_000, retryMs: 15 * 60_000 };

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** Milliseconds from now to the task's next run after a successful one. */
function nextRunIn(task: ScheduledTask): number {
  if (!task.at) return task.everyMs;
  const now = new Date();
  return nextMadridTime(now, task.at, task.weekday).getTime() - now.getTime();
}

export type TaskStatus = { lastFinishedAt: Date | null; lastResult: string | null; failed: boolean };

/** A task's last run, from its row (the back office shows the backups' and the drill's). */
export async function taskStatus(db: Database, name: string): Promise<TaskStatus> {
  const [row] = await db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name));
  return { lastFinishedAt: row?.lastFinishedAt ?? null, lastResult: row?.lastResult ?? null, failed: row?.lastFailed ?? false };
}

async function claim(db: Database, task: ScheduledTask): Promise<string | null> {
  await db
    .insert(scheduledTasks)
    .values({ name: task.name, ...(task.at ? { nextRunAt: nextMadridTime(new Date(), task.at, task.weekday) } : {}) })
    .onConflictDoNothing();
  const token = randomUUID();
  const result = await db.execute(sql`
    update ${scheduledTasks}
       set locked_until = now() + ${seconds(schedulerSettings.leaseMs)}, claim_token = ${token}, last_started_at = now()
     where name = ${task.name} and next_run_at <= now() and (locked_until is null or locked_until < now())
    returning name`);
  return result.rows.length > 0 ? token : null;
}

async function finish(db: Database, task: ScheduledTask, token: string, nextInMs: number, result: string, failed: boolean) {
  const rows = await db
    .update(scheduledTasks)
    .set({
      nextRunAt: sql`now() + ${seconds(nextInMs)}`,
      lockedUntil: null,
      claimToken: null,
      lastFinishedAt: sql`now()`,
      lastResult: result,
      lastFailed: failed,
    })
    .where(and(eq(scheduledTasks.name, task.name), eq(scheduledTasks.claimToken, token)))
    .returning({ name: scheduledTasks.name });
  if (rows.length === 0) log("tareas").warn({ task: task.name }, `${task.name}: otro proceso se hizo cargo de la tarea (venció el plazo de este)`);
}

function heartbeat(db: Database, task: ScheduledTask, token: string): () => void {
  const timer = setInterval(() => {
    db.update(scheduledTasks)
      .set({ lockedUntil: sql`now() + ${seconds(schedulerSettings.leaseMs)}` })
      .where(and(eq(scheduledTasks.name, task.name), eq(scheduledTasks.claimToken, token)))
      .catch((error: unknown) => log("tareas").warn({ task: task.name }, `${task.name}: no se pudo renovar el plazo: ${(error as Error).message}`));
  }, schedulerSettings.heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** What each task said last time in this process. */
const lastLines = new Map<string, string>();

/**
 * Runs the tasks that are due and not running elsewhere; returns the names of those it ran.
 * `database`: another instance's handle (tests); `stop`: start no further task once aborted.
 */
export async function runDueTasks(tasks: readonly ScheduledTask[], database?: Database, stop?: AbortSignal): Promise<string[]> {
  const db = database ?? (await getDb());
  const ran: string[] = [];
  for (const task of tasks) {
    if (stop?.aborted) break;
    const token = await claim(db, task);
    if (!token) continue;
    ran.push(task.name);
    const stopHeartbeat = heartbeat(db, task, token);
    try {
      const line = await task.run(db);
      // A minute's task saying the same as last time ("plazos de pago cerrados: 0") is debug, not news.
      const news = lastLines.get(task.name) !== line;
      lastLines.set(task.name, line);
      log("tareas")[news ? "info" : "debug"]({ task: task.name }, `${task.name}: ${line}`);
      await finish(db, task, token, nextRunIn(task), line, false);
      countTaskRun(task.name, false);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryIn = Math.min(task.everyMs, schedulerSettings.retryMs);
      log("tareas").error({ task: task.name }, `${task.name} falló: ${message}; se reintenta en ${Math.round(retryIn / 60_000)} min`);
      await finish(db, task, token, retryIn, message, true);
      countTaskRun(task.name, true);
    } finally {
      stopHeartbeat();
    }
  }
  return ran;
}

/** Checks for due tasks every pollMs until stopped; `stop` waits for the task in progress. */
export function startScheduler(tasks: readonly ScheduledTask[], pollMs = schedulerSettings.pollMs): { stop: () => Promise<void> } {
  return startPolling(
    (signal) => runDueTasks(tasks, undefined, signal),
    pollMs,
    (error) => log("tareas").error({ err: error }, "error al comprobar las tareas"),
  );
}
