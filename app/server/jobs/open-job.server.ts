import { eq } from "drizzle-orm";
import type { JobKind, ServiceUnit } from "~/domain/jobs/job-kinds";
import type { RepairTerms } from "~/domain/repairs/repair-bill";
import type { AlternativeKey, QuoteDocument, QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";
import { jobs } from "./jobs-schema.server";
import type { Transaction } from "../db/client.server";
import { holdUnits, releaseJobUnits, unitsWanted, type HoldResult } from "./job-units.server";

export type OpenedJob = { jobId: number; short: HoldResult["short"] };

/**
 * Called in the transaction that stores a customer's acceptance (issue 17): the quote becomes
 * a job "Pendiente de programar" holding the chosen alternative's catalogue units. A quote has
 * one job: a later accepted version updates it, giving back the units of the earlier one first.
 */
export async function openJobForAcceptedQuote(
  tx: Transaction,
  accepted: { quoteId: number; version: number; alternative: AlternativeKey; document: QuoteDocument; customerNif?: string | null },
  now: Date,
): Promise<OpenedJob> {
  const alternative = accepted.document.alternatives.find((a) => a.key === accepted.alternative);
  if (!alternative) throw new Error(`la opción ${accepted.alternative} no está en la versión ${accepted.version}`);
  const [existing] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.quoteId, accepted.quoteId)).for("update");
  if (existing) await releaseJobUnits(tx, existing.id, now);
  const { held, short } = await holdUnits(tx, unitsWanted(alternative), now);
  const values = {
    quoteVersion: accepted.version,
    alternative: accepted.alternative,
    // The NIF the customer gave on accepting, when the quote lacked one: the job's invoices carry it.
    customer: accepted.customerNif ? { ...accepted.document.customer, nif: accepted.customerNif } : accepted.document.customer,
    workPlace: accepted.document.workPlace,
    heldUnits: held,
    updatedAt: now,
  };
  if (existing) {
    await tx.update(jobs).set(values).where(eq(jobs.id, existing.id));
    return { jobId: existing.id, short };
  }
  const [created] = await tx.insert(jobs).values({ quoteId: accepted.quoteId, ...values, createdAt: now }).returning({ id: jobs.id });
  return { jobId: created!.id, short };
}

/** A job without a quote (issue 31): what it is and for whom, as its area knows them. */
export type ServiceJobInput = {
  kind: Exclude<JobKind, "instalacion">;
  title: string;
  customer: QuoteParty;
  workPlace: WorkPlace;
  units: ServiceUnit[];
  notes?: string;
  /** A repair's breakdown and what it was said to cost (kind "reparacion" only). */
  repair?: RepairTerms;
};

/** Opens a job without a quote, "Pendiente de programar", in the caller's transaction; returns its id. */
export async function openServiceJob(tx: Transaction, input: ServiceJobInput, now: Date): Promise<number> {
  const [created] = await tx
    .insert(jobs)
    .values({ kind: input.kind, title: input.title, customer: input.customer, workPlace: input.workPlace, units: input.units, notes: input.notes ?? "", repair: input.repair ?? null, createdAt: now, updatedAt: now })
    .returning({ id: jobs.id });
  return created!.id;
}
