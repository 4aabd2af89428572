import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lte, notInArray, sql } from "drizzle-orm";
import { addDays, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import type { RefrigerantLeak } from "~/domain/jobs/work-report-content";
import { LEAK_REPAIR_DAYS } from "~/domain/maintenance/due-items";
import { config, publicShopInfo } from "../config.server";
import { serviceUnitLine, type ServiceUnit } from "~/domain/jobs/job-kinds";
import { planVisitDueOn } from "~/domain/maintenance/plans";
import { VISIT_NOTICE_DAYS_BEFORE, VISIT_REMINDER_AFTER_DAYS, VISIT_SLOTS_IN_EMAIL } from "~/domain/maintenance/plan-visits";
import { RITE_EQUIPMENT_LABELS } from "~/domain/maintenance/rite-periods";
import type { Slot } from "~/domain/visits/visit-slots";
import { DAY_MS } from "~/domain/site/retention";
import type { Database, Transaction } from "../db/client.server";
import { jobs, workReports } from "../jobs/jobs-schema.server";
import { openServiceJob } from "../jobs/open-job.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import { currentFreeSlots } from "../visits/visit-calendar.server";
import { maintenancePlans, planUnits, planVisits } from "./maintenance-schema.server";
import { planVisitEmail } from "./plan-emails.server";
import { unitFacts } from "./my-plans.server";

/*
 * A plan's maintenance visits when they fall due (issue 31, decision 0036). Each morning:
 * visits due within six weeks get their maintenance job and the customer an e-mail with free
 * slots; unbooked after two weeks, one reminder. Every quarter of an hour, visits whose job is
 * done record the day on the plan's units (the next visit counts from it).
 */

type Plan = typeof maintenancePlans.$inferSelect;
type UnitRow = typeof planUnits.$inferSelect;

export function newPlanVisitToken(): string {
  return randomBytes(24).toString("base64url");
}

export function isPlanVisitToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{32}$/.test(value);
}

export function serviceUnitOf(unit: UnitRow): ServiceUnit {
  return {
    planUnitId: unit.id,
    equipment: unit.equipment,
    brand: unit.brand,
    model: unit.model,
    serialNumber: unit.serialNumber,
    powerKw: unit.powerKw,
    refrigerant: unit.refrigerant,
    chargeKg: unit.chargeKg,
  };
}

export function unitLines(units: readonly ServiceUnit[]): string[] {
  return units.map((unit) => serviceUnitLine(unit, RITE_EQUIPMENT_LABELS[unit.equipment]));
}

/** The job's customer: the plan's holder at the plan's address (the visit is made there). */
function jobCustomer(plan: Plan) {
  return { name: plan.customerName, nif: plan.buyer.nif, email: plan.customerEmail, phone: plan.customerPhone, ...plan.place };
}

/** The daily task (08:30 Madrid): visits opened, reminders sent. Returns its log line. */
export async function planVisitsTask(db: Database, now = new Date()): Promise<string> {
  const opened = await openDueVisits(db, now);
  const reminded = await remindUnbooked(db, now);
  return `visitas de mantenimiento: ${opened} avisadas, ${reminded} recordatorios`;
}

/** A plan with a visit still open (not done, not cancelled) waits for it before the next one. */
const openVisitOfPlan = sql`exists (select 1 from ${planVisits} v join ${jobs} j on j.id = v.job_id
  where v.plan_id = ${maintenancePlans.id} and v.done_on is null and j.status not in ('terminado', 'cobrado', 'cancelado'))`;

export async function openDueVisits(db: Database, now: Date): Promise<number> {
  const today = madridDay(now);
  const horizon = addDays(today, VISIT_NOTICE_DAYS_BEFORE);
  const plans = await db
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.state, "activo"), sql`not ${openVisitOfPlan}`))
    .orderBy(asc(maintenancePlans.id));
  const units = plans.length ? await db.select().from(planUnits).where(inArray(planUnits.planId, plans.map((plan) => plan.id))).orderBy(asc(planUnits.id)) : [];
  let opened = 0;
  // The free slots the e-mails offer: read once per run, when a first visit is due.
  let slots: Slot[] | null = null;
  for (const plan of plans) {
    if (!plan.covers.yearlyVisit) continue;
    const own = units.filter((unit) => unit.planId === plan.id);
    const dueOn = planVisitDueOn(own.map(unitFacts), plan.startedOn);
    if (dueOn > horizon) continue;
    slots ??= (await currentFreeSlots(db, now)).slice(0, VISIT_SLOTS_IN_EMAIL);
    if (await openVisit(db, plan, own, dueOn, slots, now)) opened++;
  }
  return opened;
}

/** One plan's visit: its job, its row and the e-mail, once (a lock per plan, and the unique plan and day). */
async function openVisit(db: Database, plan: Plan, units: UnitRow[], dueOn: string, slots: Slot[], now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visita-de-plan:${plan.id}`}))`);
    const [done] = await tx.select({ id: planVisits.id }).from(planVisits).where(and(eq(planVisits.planId, plan.id), eq(planVisits.dueOn, dueOn)));
    if (done) return false;
    const [live] = await tx.select({ state: maintenancePlans.state }).from(maintenancePlans).where(eq(maintenancePlans.id, plan.id));
    if (live?.state !== "activo") return false;
    const serviceUnits = units.map(serviceUnitOf);
    const jobId = await openServiceJob(tx, { kind: "mantenimiento", title: `Plan n.º ${plan.id}`, customer: jobCustomer(plan), workPlace: plan.place, units: serviceUnits }, now);
    const token = newPlanVisitToken();
    await tx.insert(planVisits).values({ planId: plan.id, dueOn, jobId, token, notifiedAt: now, createdAt: now });
    await enqueue(tx, "email", planVisitEmail(plan, { dueOn, token, units: unitLines(serviceUnits) }, slots, false), { ref: planRef(plan.id) });
    return true;
  });
}

/** Unbooked two weeks after the notice: one reminder, claimed by its row so two instances send one. */
export async function remindUnbooked(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - VISIT_REMINDER_AFTER_DAYS * DAY_MS);
  const waiting = await db
    .select({ id: planVisits.id })
    .from(planVisits)
    .innerJoin(jobs, eq(jobs.id, planVisits.jobId))
    .where(and(isNull(planVisits.remindedAt), lte(planVisits.notifiedAt, before), eq(jobs.status, "pendiente_programar")))
    .orderBy(asc(planVisits.id));
  if (waiting.length === 0) return 0;
  const slots = (await currentFreeSlots(db, now)).slice(0, VISIT_SLOTS_IN_EMAIL);
  let sent = 0;
  for (const { id } of waiting) {
    const done = await db.transaction(async (tx) => {
      const [visit] = await tx.update(planVisits).set({ remindedAt: now }).where(and(eq(planVisits.id, id), isNull(planVisits.remindedAt))).returning();
      if (!visit) return false;
      const [row] = await tx
        .select({ plan: maintenancePlans, units: jobs.units, status: jobs.status })
        .from(maintenancePlans)
        .innerJoin(jobs, eq(jobs.id, visit.jobId))
        .where(eq(maintenancePlans.id, visit.planId));
      if (!row || row.status !== "pendiente_programar" || row.plan.state === "cancelado" || row.plan.state === "vencido") return true;
      await enqueue(tx, "email", planVisitEmail(row.plan, { dueOn: visit.dueOn, token: visit.token, units: unitLines(row.units) }, slots, true), { ref: planRef(visit.planId) });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/**
 * Visits whose job is done: the day (the signed report's, or the day the owner marked it
 * finished) goes on the visit and on the units it maintained. Every quarter of an hour.
 */
export async function recordDoneVisits(db: Database): Promise<string> {
  const done = await db
    .select({ visit: planVisits, units: jobs.units, signedAt: workReports.signedAt, finishedAt: jobs.updatedAt, content: workReports.content })
    .from(planVisits)
    .innerJoin(jobs, eq(jobs.id, planVisits.jobId))
    .leftJoin(workReports, eq(workReports.jobId, jobs.id))
    .where(and(isNull(planVisits.doneOn), inArray(jobs.status, ["terminado", "cobrado"])))
    .orderBy(asc(planVisits.id));
  let recorded = 0;
  for (const row of done) {
    const day = madridDay(row.signedAt ?? row.finishedAt);
    const ok = await db.transaction(async (tx) => markDone(tx, row.visit.id, row.visit.planId, row.units, day, row.content?.leak ?? null));
    if (ok) recorded++;
  }
  return `visitas de mantenimiento hechas anotadas: ${recorded}`;
}

async function markDone(tx: Transaction, visitId: number, planId: number, units: ServiceUnit[], day: string, leak: RefrigerantLeak | null): Promise<boolean> {
  const [visit] = await tx.update(planVisits).set({ doneOn: day }).where(and(eq(planVisits.id, visitId), isNull(planVisits.doneOn))).returning({ id: planVisits.id });
  if (!visit) return false;
  const ids = units.map((unit) => unit.planUnitId);
  // The units the visit maintained; a plan's units added after the job was opened wait for the next one.
  if (ids.length) await tx.update(planUnits).set({ lastMaintainedOn: day }).where(and(eq(planUnits.planId, planId), inArray(planUnits.id, ids)));
  // A leak found (issue 31): on the visit's units with refrigerant, until a later report finds none.
  if (ids.length) {
    await tx
      .update(planUnits)
      .set({ leakFoundOn: leak ? day : null })
      .where(and(eq(planUnits.planId, planId), inArray(planUnits.id, ids), isNotNull(planUnits.refrigerant)));
  }
  if (leak) await enqueue(tx, "email", leakFoundEmail(planId, day, leak), { ref: planRef(planId) });
  return true;
}

/** The owner is told at once: the repair is due within 30 days, and a new check within a month of it. */
function leakFoundEmail(planId: number, day: string, leak: RefrigerantLeak) {
  const shop = publicShopInfo();
  return {
    to: config().SHOP_EMAIL,
    subject: `${shop.name}: fuga de refrigerante en el plan n.º ${planId}`,
    text: [
      `La visita de mantenimiento del ${formatYmd(day)} del plan n.º ${planId} ha encontrado una fuga de refrigerante: ${leak.where}`,
      `Hay que repararla antes del ${formatYmd(addDays(day, LEAK_REPAIR_DAYS))} y comprobarla de nuevo en el mes siguiente a la reparación (Reglamento (UE) 2024/573, art. 4). Está en la lista de «Mantenimiento»:`,
      `${shop.baseUrl}/admin/mantenimiento`,
    ].join("\n"),
  };
}

/** The visits the owner follows (the due list's «Visitas de mantenimiento»): every one not done nor cancelled. */
export async function openPlanVisits(db: Pick<Database, "select">) {
  return db
    .select({
      id: planVisits.id,
      planId: planVisits.planId,
      dueOn: planVisits.dueOn,
      jobId: planVisits.jobId,
      remindedAt: planVisits.remindedAt,
      doneOn: planVisits.doneOn,
      jobStatus: jobs.status,
      startsAt: jobs.startsAt,
      endsAt: jobs.endsAt,
      technicianId: jobs.technicianId,
      customerName: maintenancePlans.customerName,
      customerPhone: maintenancePlans.customerPhone,
      customerId: maintenancePlans.customerId,
    })
    .from(planVisits)
    .innerJoin(jobs, eq(jobs.id, planVisits.jobId))
    .innerJoin(maintenancePlans, eq(maintenancePlans.id, planVisits.planId))
    .where(and(isNull(planVisits.doneOn), notInArray(jobs.status, ["terminado", "cobrado", "cancelado"])))
    .orderBy(asc(planVisits.dueOn), asc(planVisits.id));
}
