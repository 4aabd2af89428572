import { and, asc, desc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { gasInspectionDueOn, hasGasUnit } from "~/domain/maintenance/gas-inspection";
import { endOpenVisits } from "./plan-visit-ends.server";
import type { MaintainedFamily } from "~/domain/catalogue/service-prices";
import { formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { coversLines, isCancellable, PLAN_STATE_LABELS, planVisitDueOn, unitLeakCheckDueOn, type PlanUnitFacts } from "~/domain/maintenance/plans";
import { isRefrigerant } from "~/domain/maintenance/refrigerants";
import { RITE_EQUIPMENT_LABELS } from "~/domain/maintenance/rite-periods";
import { MY_PLAN_MESSAGES, type MyPlan, type PlanActionResult } from "~/domain/maintenance/my-plan";
import type { DeclaredUnit } from "~/domain/maintenance/unit-form";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import { maintenancePlans, planRenewals, planUnits, planVisits } from "./maintenance-schema.server";
import { jobs, workReports } from "../jobs/jobs-schema.server";
import { invoices } from "../invoices/invoices-schema.server";
import { transferDetails } from "../payments/transfer-details.server";
import { mandatesById } from "../payments/sepa-mandates.server";
import { cardsById } from "../payments/stored-cards.server";
import { cardExpiryText, cardLabel } from "~/domain/payments/stored-card";
import { sepaConfig } from "../config.server";
import { maskIban } from "~/domain/payments/iban";
import { mandateWording } from "~/domain/payments/sepa-mandate-form";
import { formatEuros } from "~/domain/money";
import { unpaidRenewalEndsOn } from "~/domain/maintenance/plan-dates";
import { renewalTransferConcept } from "~/domain/maintenance/renewals";
import { MY_EQUIPMENT_PATH, planCancelledEmail, planVisitPath } from "./plan-emails.server";
import { byEmail, ownPlanForUpdate } from "./plan-owner.server";
import { leaveCard } from "./plan-cards.server";
import { cancelPendingRenewal } from "./plan-renewals.server";

/*
 * The customer's maintenance plans in Mis equipos (issue 31), listed by the session's verified
 * e-mail like the installed units (my-equipment.server.ts says why): what each covers, its
 * units, when the next visit and leak check are due, when it renews; cancelling one and
 * declaring the unit of a plan bought alone.
 */

type UnitRow = typeof planUnits.$inferSelect;

export function unitFacts(unit: UnitRow): PlanUnitFacts {
  return {
    equipment: unit.equipment,
    powerKw: unit.powerKw,
    installedOn: unit.installedOn,
    lastMaintainedOn: unit.lastMaintainedOn,
    refrigerant: isRefrigerant(unit.refrigerant) ? unit.refrigerant : null,
    chargeKg: unit.chargeKg,
    hermeticallySealed: unit.hermeticallySealed,
    leakDetection: unit.leakDetection,
  };
}


export async function plansForEmail(db: Pick<Database, "select">, email: string): Promise<MyPlan[]> {
  const plans = await db.select().from(maintenancePlans).where(byEmail(email)).orderBy(desc(maintenancePlans.startedOn), desc(maintenancePlans.id));
  if (plans.length === 0) return [];
  const mandates = await mandatesById(db, plans.map((plan) => plan.sepaMandateId).filter((id): id is number => id !== null));
  const cards = await cardsById(db, plans.map((plan) => plan.storedCardId).filter((id): id is number => id !== null));
  const sepa = sepaConfig();
  const wording = sepa ? mandateWording(sepa.creditorName, sepa.creditorId) : "";
  const ids = plans.map((plan) => plan.id);
  const units = await db.select().from(planUnits).where(inArray(planUnits.planId, ids)).orderBy(asc(planUnits.id));
  const renewals = await db.select().from(planRenewals).where(inArray(planRenewals.planId, ids));
  const visits = await openVisitsOfPlans(db, ids);
  const records = await db
    .select({ planId: planVisits.planId, jobId: planVisits.jobId, signedAt: workReports.signedAt })
    .from(planVisits)
    .innerJoin(workReports, eq(workReports.jobId, planVisits.jobId))
    .where(inArray(planVisits.planId, ids))
    .orderBy(desc(workReports.signedAt));
  const issued = renewals.length
    ? await db
        .select({ renewalId: invoices.planRenewalId, number: invoices.number, issuedOn: invoices.issuedOn, totalCents: invoices.totalCents })
        .from(invoices)
        .where(inArray(invoices.planRenewalId, renewals.map((renewal) => renewal.id)))
        .orderBy(desc(invoices.issuedOn), desc(invoices.id))
    : [];
  return plans.map((plan) => {
    const own = units.filter((unit) => unit.planId === plan.id);
    const live = plan.state === "activo";
    const theirs = renewals.filter((renewal) => renewal.planId === plan.id);
    const pending = theirs.find((renewal) => renewal.state === "pendiente");
    const mandate = plan.sepaMandateId ? mandates.get(plan.sepaMandateId) : undefined;
    const account = mandate && !mandate.revokedAt ? maskIban(mandate.iban) : null;
    const kept = plan.renewalMethod === "tarjeta" && plan.storedCardId ? cards.get(plan.storedCardId) : undefined;
    const card = kept && !kept.forgottenAt ? { label: cardLabel(kept), expiry: cardExpiryText(kept.expiry) } : null;
    return {
      id: plan.id,
      title: MAINTENANCE_TITLES[plan.family],
      family: plan.family,
      state: plan.state,
      priceCents: plan.priceCents,
      startedOn: plan.startedOn,
      renewsOn: plan.renewsOn,
      renewalMethod: plan.renewalMethod,
      covers: coversLines(plan.covers),
      place: [plan.place.address, `${plan.place.postcode} ${plan.place.town}`.trim()].filter(Boolean).join(", "),
      units: own.map((unit) => ({
        id: unit.id,
        title: `${unit.brand} ${unit.model}`.trim() || RITE_EQUIPMENT_LABELS[unit.equipment],
        equipment: RITE_EQUIPMENT_LABELS[unit.equipment],
        serialNumber: unit.serialNumber,
        installedOn: unit.installedOn,
        leakCheckDueOn: live ? unitLeakCheckDueOn(unitFacts(unit), plan.startedOn) : null,
        installedUnitId: unit.installedUnitId,
      })),
      nextVisitDueOn: live ? planVisitDueOn(own.map(unitFacts), plan.startedOn) : null,
      visit: visitOf(visits.find((visit) => visit.planId === plan.id)),
      records: records.filter((record) => record.planId === plan.id).map((record) => ({ signedOn: madridDay(record.signedAt), href: `${MY_EQUIPMENT_PATH}/mantenimientos/${record.jobId}` })),
      gasInspection: hasGasUnit(own) ? { lastOn: plan.gasInspectedOn, dueOn: gasInspectionDueOn(plan.gasInspectedOn) } : null,
      cancellable: isCancellable(plan.state),
      payment: { mandate: account && mandate ? { account, reference: mandate.reference } : null, card, debitOffered: sepa !== null, wording },
      pendingRenewal: pending
        ? {
            renewsOn: pending.renewsOn,
            lastDay: formatYmd(unpaidRenewalEndsOn(pending.renewsOn, pending.payBy)),
            transfer: transferDetails(pending.amountCents, renewalTransferConcept(plan.id, pending.renewsOn)),
            debit: pending.method === "domiciliacion" && account ? { account, amount: formatEuros(pending.amountCents) } : null,
            card: pending.method === "tarjeta" && card ? { label: card.label, amount: formatEuros(pending.amountCents) } : null,
          }
        : null,
      invoices: issued.filter((invoice) => theirs.some((renewal) => renewal.id === invoice.renewalId)).map(({ number, issuedOn, totalCents }) => ({ number, issuedOn, totalCents })),
      needsUnit: own.length === 0 && isCancellable(plan.state),
    };
  });
}

type OpenVisit = Awaited<ReturnType<typeof openVisitsOfPlans>>[number];

/** The plans' visits announced and not done nor cancelled. */
async function openVisitsOfPlans(db: Pick<Database, "select">, planIds: number[]) {
  return db
    .select({ planId: planVisits.planId, dueOn: planVisits.dueOn, token: planVisits.token, startsAt: jobs.startsAt, endsAt: jobs.endsAt })
    .from(planVisits)
    .innerJoin(jobs, eq(jobs.id, planVisits.jobId))
    .where(and(inArray(planVisits.planId, planIds), isNull(planVisits.doneOn), notInArray(jobs.status, ["terminado", "cobrado", "cancelado"])));
}

function visitOf(visit: OpenVisit | undefined): MyPlan["visit"] {
  if (!visit) return null;
  return { dueOn: visit.dueOn, href: planVisitPath(visit.token), startsAt: visit.startsAt?.toISOString() ?? null, endsAt: visit.endsAt?.toISOString() ?? null };
}

/** The family of one of the customer's plans (what its unit form offers), or null when it is not theirs. */
export async function familyOfMyPlan(db: Pick<Database, "select">, email: string, planId: number): Promise<MaintainedFamily | null> {
  const [plan] = await db.select({ family: maintenancePlans.family }).from(maintenancePlans).where(and(eq(maintenancePlans.id, planId), byEmail(email)));
  return plan?.family ?? null;
}


export async function cancelMyPlan(db: Database, email: string, planId: number, reason: string, now = new Date()): Promise<PlanActionResult> {
  return db.transaction(async (tx) => {
    const plan = await ownPlanForUpdate(tx, email, planId);
    if (!plan) return { ok: false, status: 404, message: MY_PLAN_MESSAGES.notFound };
    if (!isCancellable(plan.state)) return { ok: false, status: 409, message: MY_PLAN_MESSAGES.notCancellable(PLAN_STATE_LABELS[plan.state]) };
    const cancelReason = reason.trim() || "Cancelado por el cliente en Mis equipos";
    const [cancelled] = await tx
      .update(maintenancePlans)
      .set({ state: "cancelado", cancelledAt: now, cancelledBy: "cliente", cancelReason, updatedAt: now })
      .where(eq(maintenancePlans.id, plan.id))
      .returning();
    await cancelPendingRenewal(tx, plan.id, now);
    await leaveCard(tx, plan, now);
    await endOpenVisits(tx, { email }, plan.id, "Plan de mantenimiento cancelado por el cliente", now);
    await audit(tx, { email }, { action: "cancelar plan de mantenimiento", entity: "plan", entityId: String(plan.id), before: { state: plan.state }, after: { state: "cancelado", motivo: cancelReason } });
    await enqueue(tx, "email", { ...planCancelledEmail(cancelled!, true) }, { ref: planRef(plan.id) });
    return { ok: true, message: MY_PLAN_MESSAGES.cancelled(plan.id, plan.renewsOn) };
  });
}

export async function declareMyUnit(db: Database, email: string, planId: number, unit: DeclaredUnit): Promise<PlanActionResult> {
  return db.transaction(async (tx) => {
    const plan = await ownPlanForUpdate(tx, email, planId);
    if (!plan || !isCancellable(plan.state)) return { ok: false, status: 404, message: MY_PLAN_MESSAGES.notFound };
    const [existing] = await tx.select({ id: planUnits.id }).from(planUnits).where(eq(planUnits.planId, plan.id)).limit(1);
    if (existing) return { ok: false, status: 409, message: MY_PLAN_MESSAGES.hasUnit };
    const [row] = await tx.insert(planUnits).values({ planId: plan.id, ...unit, declared: true }).returning({ id: planUnits.id });
    await audit(tx, { email }, { action: "declarar equipo del plan", entity: "plan", entityId: String(plan.id), after: { unidad: row!.id, ...unit } });
    return { ok: true, message: MY_PLAN_MESSAGES.declared };
  });
}

/** Whether `invoiceId` is the invoice of a renewal of one of this e-mail's plans (its download). */
export async function isMyRenewalInvoice(db: Pick<Database, "select">, email: string, renewalId: number | null): Promise<boolean> {
  if (renewalId === null) return false;
  const [row] = await db
    .select({ id: planRenewals.id })
    .from(planRenewals)
    .innerJoin(maintenancePlans, eq(maintenancePlans.id, planRenewals.planId))
    .where(and(eq(planRenewals.id, renewalId), byEmail(email)));
  return row !== undefined;
}

/** Whether a plan visit's job (its maintenance record) is one of the customer's plans'. */
export async function isMyPlanVisitJob(db: Pick<Database, "select">, email: string, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: planVisits.id })
    .from(planVisits)
    .innerJoin(maintenancePlans, eq(maintenancePlans.id, planVisits.planId))
    .where(and(eq(planVisits.jobId, jobId), byEmail(email)));
  return row !== undefined;
}

/** The day of the last five-yearly gas inspection the customer gives for a plan of gas units. */
export async function setMyGasInspection(db: Database, email: string, planId: number, day: string): Promise<PlanActionResult> {
  return db.transaction(async (tx) => {
    const plan = await ownPlanForUpdate(tx, email, planId);
    if (!plan || !isCancellable(plan.state)) return { ok: false, status: 404, message: MY_PLAN_MESSAGES.notFound };
    const units = await tx.select({ equipment: planUnits.equipment }).from(planUnits).where(eq(planUnits.planId, plan.id));
    if (!hasGasUnit(units)) return { ok: false, status: 404, message: MY_PLAN_MESSAGES.notFound };
    await tx.update(maintenancePlans).set({ gasInspectedOn: day, updatedAt: new Date() }).where(eq(maintenancePlans.id, plan.id));
    await audit(tx, { email }, { action: "anotar inspección del gas", entity: "plan", entityId: String(plan.id), before: { ultima: plan.gasInspectedOn }, after: { ultima: day } });
    return { ok: true, message: MY_PLAN_MESSAGES.gasInspection(gasInspectionDueOn(day)!) };
  });
}
