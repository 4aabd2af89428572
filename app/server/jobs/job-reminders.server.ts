import { and, asc, eq, gte, isNull, lt } from "drizzle-orm";
import { jobRef } from "../outbox-refs.server";
import { addDays, madridClock, madridInstant } from "~/domain/dates/madrid-dates";
import type { Database } from "../db/client.server";
import { user } from "../accounts/accounts-schema.server";
import { jobs } from "./jobs-schema.server";
import { quotes } from "../quotes/quotes-schema.server";
import { jobReminderMail } from "./job-emails.server";
import { jobReferenceSql } from "./jobs.server";
import { enqueue } from "../outbox.server";

/*
 * The customer's reminder the day before their installation (issue 17): from 09:00 Madrid time
 * of the day before, once per date (jobs.reminder_sent_at; a new date clears it). Each job is
 * claimed by a conditional UPDATE in the transaction that queues the e-mail, so two runs at
 * once, on two instances, remind once.
 */

export const REMINDER_FROM = "09:00";

export async function runJobReminders(db: Database, now = new Date()): Promise<number[]> {
  const today = madridClock(now);
  if (today.time < REMINDER_FROM) return [];
  const tomorrow = addDays(today.day, 1);
  const due = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "programado"),
        isNull(jobs.reminderSentAt),
        gte(jobs.startsAt, madridInstant(tomorrow, "00:00")),
        lt(jobs.startsAt, madridInstant(addDays(tomorrow, 1), "00:00")),
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(500);
  const reminded: number[] = [];
  for (const { id } of due) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(jobs)
        .set({ reminderSentAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.status, "programado"), isNull(jobs.reminderSentAt)))
        .returning();
      if (!claimed?.startsAt || !claimed.endsAt || !claimed.customer.email) return Boolean(claimed);
      const [named] = await tx.select({ reference: jobReferenceSql }).from(jobs).leftJoin(quotes, eq(quotes.id, jobs.quoteId)).where(eq(jobs.id, id));
      const [tech] = claimed.technicianId ? await tx.select({ name: user.name }).from(user).where(eq(user.id, claimed.technicianId)) : [];
      const facts = {
        id,
        kind: claimed.kind,
        reference: named?.reference ?? "",
        customer: claimed.customer,
        workPlace: claimed.workPlace,
        startsAt: claimed.startsAt,
        endsAt: claimed.endsAt,
        technicianName: tech?.name ?? null,
      };
      await enqueue(tx, "email", jobReminderMail(facts), { ref: jobRef(id) });
      return true;
    });
    if (sent) reminded.push(id);
  }
  return reminded;
}

export async function jobRemindersTask(db: Database): Promise<string> {
  const reminded = await runJobReminders(db);
  return `recordatorios de trabajos enviados: ${reminded.length}`;
}
