import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { foldAccents } from "~/domain/catalogue/search-folding";
import { user } from "../accounts/accounts-schema.server";
import type { Database } from "../db/client.server";
import { foldedLower } from "../db/columns.server";
import { invoices } from "../invoices/invoices-schema.server";
import { installedUnits, jobCharges, jobs } from "../jobs/jobs-schema.server";
import { orders } from "../orders/orders-schema.server";
import { contactRequests, quotes } from "../quotes/quotes-schema.server";
import { visits } from "../visits/visits-schema.server";
import { plansOfCustomer } from "../maintenance/plan-customers.server";
import { planRenewals, planVisits } from "../maintenance/maintenance-schema.server";
import { repairsOfCustomer } from "../repairs/repair-customers.server";
import { listedCustomers } from "./customer-list.server";
import { customers } from "./customers-schema.server";

/*
 * One customer's page (issue 30): the record, and everything tied to it on one screen:
 * requests, visits, quotes, orders, the jobs of its quotes, the invoices of its orders and
 * jobs, the units installed for it, its maintenance plans, the notes; records merged into it, and the records that
 * may be the same customer (same name or same address), to merge.
 */

const SHOWN = 100;

export async function customerRecord(db: Database, id: number) {
  const [record] = await db.select().from(customers).where(and(eq(customers.id, id), listedCustomers()));
  if (!record) return null;
  const account = record.userId
    ? ((await db.select({ id: user.id, email: user.email, banned: user.banned }).from(user).where(eq(user.id, record.userId)))[0] ?? null)
    : null;
  const requests = await db
    .select({ id: contactRequests.id, createdAt: contactRequests.createdAt, state: contactRequests.state, town: contactRequests.town })
    .from(contactRequests)
    .where(eq(contactRequests.customerId, id))
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(SHOWN);
  const visitRows = await db
    .select({ id: visits.id, startsAt: visits.startsAt, state: visits.state, requestId: visits.contactRequestId, town: visits.town })
    .from(visits)
    .where(eq(visits.customerId, id))
    .orderBy(desc(visits.startsAt), desc(visits.id))
    .limit(SHOWN);
  const quoteRows = await db
    .select({ id: quotes.id, number: quotes.number, status: quotes.status, createdAt: quotes.createdAt, validUntil: quotes.validUntil })
    .from(quotes)
    .where(eq(quotes.customerId, id))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(SHOWN);
  const orderRows = await db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, status: orders.status, amountCents: orders.amountCents })
    .from(orders)
    .where(eq(orders.customerId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(SHOWN);
  const quoteIds = quoteRows.map((quote) => quote.id);
  const plans = await plansOfCustomer(db, id);
  const planIds = plans.map((plan) => plan.id);
  // Installation jobs through the record's quotes; a plan's maintenance visits through its plans (issue 31).
  const jobRows = quoteIds.length || planIds.length
    ? await db
        .select({ id: jobs.id, status: jobs.status, startsAt: jobs.startsAt, quoteNumber: quotes.number, title: jobs.title })
        .from(jobs)
        .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
        .where(
          or(
            quoteIds.length ? inArray(jobs.quoteId, quoteIds) : undefined,
            planIds.length ? inArray(jobs.id, db.select({ id: planVisits.jobId }).from(planVisits).where(inArray(planVisits.planId, planIds))) : undefined,
          ),
        )
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
    : [];
  const jobIds = jobRows.map((job) => job.id);
  const orderIds = orderRows.map((order) => order.id);
  const invoiceRows =
    orderIds.length || jobIds.length || planIds.length
      ? await db
          .select({ number: invoices.number, issuedOn: invoices.issuedOn, totalCents: invoices.totalCents, series: invoices.series })
          .from(invoices)
          .leftJoin(jobCharges, eq(jobCharges.id, invoices.jobChargeId))
          .where(
            or(
              orderIds.length ? inArray(invoices.orderId, orderIds) : undefined,
              jobIds.length ? inArray(jobCharges.jobId, jobIds) : undefined,
              planIds.length ? inArray(invoices.planRenewalId, db.select({ id: planRenewals.id }).from(planRenewals).where(inArray(planRenewals.planId, planIds))) : undefined,
            ),
          )
          .orderBy(desc(invoices.issuedOn), desc(invoices.id))
          .limit(SHOWN)
      : [];
  const units = jobIds.length
    ? await db
        .select({
          id: installedUnits.id,
          brand: installedUnits.brand,
          model: installedUnits.model,
          serialNumber: installedUnits.serialNumber,
          installedOn: installedUnits.installedOn,
          partsWarrantyUntil: installedUnits.partsWarrantyUntil,
          jobId: installedUnits.jobId,
        })
        .from(installedUnits)
        .where(inArray(installedUnits.jobId, jobIds))
        .orderBy(desc(installedUnits.installedOn), asc(installedUnits.id))
    : [];
  const merged = await db
    .select({ id: customers.id, name: customers.name, company: customers.company, email: customers.email })
    .from(customers)
    .where(eq(customers.mergedIntoId, id))
    .orderBy(asc(customers.id));
  const repairs = await repairsOfCustomer(db, id);
  return { record, account, requests, visits: visitRows, quotes: quoteRows, orders: orderRows, jobs: jobRows, invoices: invoiceRows, units, plans, repairs, merged, candidates: await mergeCandidates(db, record) };
}

/** Other live records with the same name or the same address: perhaps the same customer. */
async function mergeCandidates(db: Database, record: typeof customers.$inferSelect) {
  const name = foldAccents(record.name.toLowerCase());
  const address = foldAccents(record.address.toLowerCase());
  const same = [name ? sql`${foldedLower('"customers"."name"')} = ${name}` : undefined, address ? sql`${foldedLower('"customers"."address"')} = ${address}` : undefined].filter(Boolean);
  if (same.length === 0) return [];
  return db
    .select({ id: customers.id, name: customers.name, company: customers.company, email: customers.email, phone: customers.phone, town: customers.town })
    .from(customers)
    .where(and(listedCustomers(), isNull(customers.mergedIntoId), ne(customers.id, record.id), or(...same)))
    .orderBy(asc(customers.id))
    .limit(10);
}
