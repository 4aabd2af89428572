import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { formatDateTime, madridClock, formatYmd } from "~/domain/dates/madrid-dates";
import { JOB_STATUS_LABELS } from "~/domain/jobs/job-status";
import { isOnlineMethod } from "~/domain/payments/payment-states";
import { repairReference, URGENCY_LABELS } from "~/domain/repairs/repair-fields";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { jobMoney, startChargePayment } from "../jobs/job-payment-page.server";
import { jobs } from "../jobs/jobs-schema.server";
import { isLinkToken } from "../link-tokens.server";
import { clientAddress, hitRateLimit, type RateLimitRule } from "../rate-limit.server";
import { repairRequests } from "./repairs-schema.server";
import { unitLine } from "./repair-requests.server";

/*
 * The customer's page of a breakdown, /averias/:token (issue 31), linked from the e-mails: what
 * was reported and what it was said to cost, whether the repair is arranged and when, and once
 * the technician has signed, the report, the invoice and paying it (the job's money, the same
 * as a quote's page). Personal: not in the page cache, noindex, no-store.
 */

/** Paying from the page: as many tries as a quote's page allows, counted apart. */
export function repairPageRateLimit(): RateLimitRule {
  return { prefix: "averia-pagina", max: config().QUOTE_RATE_LIMIT, windowMs: 10 * 60_000 };
}

export async function loadRepairPage(db: Database, token: string | undefined) {
  if (!isLinkToken(token)) return null;
  const [repair] = await db.select().from(repairRequests).where(eq(repairRequests.token, token));
  if (!repair) return null;
  const [job] = repair.jobId ? await db.select().from(jobs).where(eq(jobs.id, repair.jobId)) : [];
  const reference = repairReference(repair.id);
  const when = job?.startsAt && job.endsAt ? madridClock(job.startsAt) : null;
  return {
    token,
    reference,
    sentAt: formatDateTime(repair.createdAt),
    unit: unitLine(repair),
    problem: repair.problem,
    urgency: URGENCY_LABELS[repair.urgency],
    coverage: repair.coverage.text,
    cancelled: repair.state === "anulada",
    job: job
      ? {
          status: job.status,
          statusLabel: JOB_STATUS_LABELS[job.status],
          when: when && job.endsAt ? `${formatYmd(when.day)}, de ${when.time} a ${madridClock(job.endsAt).time}` : null,
        }
      : null,
    money: job ? await jobMoney(db, job, reference) : null,
  };
}

export type RepairPageReply = { ok: false; message: string };

export async function repairPageAction(request: Request, token: string | undefined) {
  const form = await readForm(request, { maxBytes: 10_000 });
  if (!isLinkToken(token)) throw data(null, { status: 404 });
  const db = await getDb();
  if (!(await hitRateLimit(db, repairPageRateLimit(), clientAddress(request)))) {
    return data<RepairPageReply>({ ok: false, message: "Ha hecho demasiados intentos seguidos. Espere unos minutos e inténtelo de nuevo." }, { status: 429 });
  }
  const method = String(form.get("metodo") ?? "");
  const chargeId = Number(form.get("cargo"));
  if (form.get("intent") !== "pagar" || !isOnlineMethod(method) || !Number.isSafeInteger(chargeId) || chargeId <= 0) {
    return data<RepairPageReply>({ ok: false, message: "Elija cómo quiere pagar: con tarjeta o con Bizum." }, { status: 400 });
  }
  const started = await startChargePayment(db, { kind: "averia", token }, chargeId, method);
  if (!started.ok) return data<RepairPageReply>({ ok: false, message: started.message }, { status: started.status });
  throw redirect(started.redirect, 303);
}
