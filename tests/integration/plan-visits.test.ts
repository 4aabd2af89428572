import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, addMonths, madridDay } from "~/domain/dates/madrid-dates";
import { PLAN_COVERS } from "~/domain/maintenance/plans";
import { DAY_MS } from "~/domain/site/retention";
import { SLOT_REQUIRED } from "~/domain/visits/visit-forms";
import { action as planVisitAction, loader as planVisitLoader } from "~/routes/maintenance/plan-visit";
import { loader as dueLoader } from "~/routes/maintenance/admin-due";
import { resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { jobs } from "~/server/jobs/jobs-schema.server";
import { getJob } from "~/server/jobs/jobs.server";
import { moveJob } from "~/server/jobs/job-changes.server";
import type { MailMessage } from "~/server/mail.server";
import { maintenancePlans, planUnits, planVisits } from "~/server/maintenance/maintenance-schema.server";
import { openPlanVisits, planVisitsTask, recordDoneVisits } from "~/server/maintenance/plan-visits.server";
import { cancelMyPlan, plansForEmail } from "~/server/maintenance/my-plans.server";
import { bookVisit } from "~/server/visits/visit-booking.server";
import { agenda } from "~/server/admin/agenda.server";
import { action as reportAction } from "~/routes/jobs/technician-job-report";
import { loader as technicianJobLoader } from "~/routes/jobs/technician-job";
import { loader as recordLoader } from "~/routes/maintenance/my-maintenance-record-pdf";
import { installedUnits, jobCharges } from "~/server/jobs/jobs-schema.server";
import { withWorkReportPdf, type WorkReportMail } from "~/server/jobs/work-report-email.server";
import { NO_EXTRAS_ON_MAINTENANCE } from "~/server/jobs/work-report.server";
import { user } from "~/server/accounts/accounts-schema.server";
import { technicianSession } from "../support/admin-utils";
import { jobRef } from "~/server/outbox-refs.server";
import { signUp } from "../support/auth-utils";
import { pdfText } from "../support/pdf-text";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest } from "../support/admin-utils";
import { planVisitStage } from "~/domain/maintenance/plan-visits";

/*
 * Issue 31: a plan's maintenance visit six weeks before it is due — its job, the e-mail with
 * free slots, the customer's page to choose one (the free visits' rules and lock), the reminder,
 * the owner's list, and the day done going on the units.
 */
const ready = setupTestDatabase();
process.env.PUBLIC_BASE_URL = "https://tienda.example";
process.env.VISIT_RATE_LIMIT = "1000";
process.env.BETTER_AUTH_SECRET = "secreto-de-pruebas-de-visitas-de-planes-32-caracteres";
resetConfigForTests();
afterAll(() => {
  for (const name of ["PUBLIC_BASE_URL", "VISIT_RATE_LIMIT", "BETTER_AUTH_SECRET"]) delete process.env[name];
  resetConfigForTests();
});

const OWNER = { id: "duena", email: "duena-visitas@termoclima.test", name: "Dueña", sessionToken: "" };
let serial = 0;

/** An active plan whose boiler was installed a year before `dueOn` (its yearly visit is due that day). */
async function planDueOn(dueOn: string) {
  const { db } = await ready;
  serial += 1;
  const installedOn = addMonths(dueOn, -12);
  const [plan] = await db
    .insert(maintenancePlans)
    .values({
      customerEmail: `visitas${serial}@example.com`,
      customerName: `Marta Visitas ${serial}`,
      customerPhone: "600 111 222",
      buyer: { name: `Marta Visitas ${serial}`, nif: "12345678Z", address: ["Calle de Alcalá 100", "28009 Madrid"] },
      place: { address: "Calle de Alcalá 100", postcode: "28009", town: "Madrid", province: "Madrid" },
      family: "calderas",
      priceCents: 8500,
      covers: PLAN_COVERS,
      startedOn: installedOn,
      renewsOn: addMonths(installedOn, 12),
      source: "telefono",
    })
    .returning();
  const [unit] = await db
    .insert(planUnits)
    .values({ planId: plan!.id, equipment: "caldera-gas", brand: "Vaillant", model: "ecoTEC plus", serialNumber: `VT-${serial}`, installedOn, powerKw: 24, declared: true })
    .returning();
  return { plan: plan!, unit: unit! };
}

async function visitOf(planId: number) {
  const { db } = await ready;
  return db.select().from(planVisits).where(eq(planVisits.planId, planId)).orderBy(asc(planVisits.id));
}

async function mailsTo(email: string): Promise<MailMessage[]> {
  const { db } = await ready;
  const rows = await db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, "email")).orderBy(asc(outbox.id));
  return rows.map((row) => row.payload as MailMessage).filter((mail) => mail.to === email);
}

const call = (token: string, init?: { form?: Record<string, string>; search?: string }) => {
  const url = `http://localhost/mantenimiento/visita/${token}${init?.search ?? ""}`;
  const request = init?.form
    ? new Request(url, { method: "POST", body: new URLSearchParams(init.form), headers: { "content-type": "application/x-www-form-urlencoded" } })
    : new Request(url);
  return { request, params: { token }, context: {} } as never;
};

describe("a plan's visit falls due", () => {
  it("six weeks before: one job and one e-mail with free slots, however often the task runs", async () => {
    const { db } = await ready;
    const now = new Date();
    const today = madridDay(now);
    const { plan, unit } = await planDueOn(addDays(today, 43));
    const early = await planVisitsTask(db, now);
    expect(early).toMatch(/^visitas de mantenimiento: \d+ avisadas/);
    expect(await visitOf(plan.id)).toEqual([]);

    const tomorrow = new Date(now.getTime() + DAY_MS);
    await planVisitsTask(db, tomorrow);
    await planVisitsTask(db, tomorrow);
    const [visit, ...more] = await visitOf(plan.id);
    expect(more).toEqual([]);
    expect(visit).toMatchObject({ dueOn: addDays(today, 43), remindedAt: null, doneOn: null });
    const job = await getJob(db, visit!.jobId);
    expect(job).toMatchObject({ kind: "mantenimiento", status: "pendiente_programar", quoteId: null, reference: `Plan n.º ${plan.id}`, technicianId: null });
    expect(job!.units).toEqual([expect.objectContaining({ planUnitId: unit.id, equipment: "caldera-gas", brand: "Vaillant", serialNumber: unit.serialNumber })]);
    expect(job!.customer).toMatchObject({ name: plan.customerName, email: plan.customerEmail, phone: "600 111 222", address: "Calle de Alcalá 100", town: "Madrid" });
    expect(job!.description).toContain(`Caldera mural de gas Vaillant ecoTEC plus (n.º de serie ${unit.serialNumber})`);
    // What the technician does there: the RITE's operations for a gas boiler.
    expect(job!.description).toContain("Mantenimiento de caldera de gas (RITE, IT 3.3):\n· Comprobación y limpieza, si procede, del circuito de humos de la caldera");

    const [mail, ...others] = await mailsTo(plan.customerEmail);
    expect(others).toEqual([]);
    expect(mail!.subject).toContain(`elija el día de su visita de mantenimiento (plan n.º ${plan.id})`);
    expect(mail!.text).toContain("Está incluida en su plan.");
    expect(mail!.text).toContain(`https://tienda.example/mantenimiento/visita/${visit!.token}`);
    const offered = [...mail!.text.matchAll(/\?hora=([^\s]+)/g)].map((match) => decodeURIComponent(match[1]!));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(6);
  });

  it("the customer chooses a slot on the page: the job is scheduled, the e-mail carries the date, the slot is no longer free", async () => {
    const { db } = await ready;
    const now = new Date();
    const { plan } = await planDueOn(addDays(madridDay(now), 30));
    await planVisitsTask(db, now);
    const [visit] = await visitOf(plan.id);
    const token = visit!.token;
    const slots = await currentFreeSlots(db, now);
    const slot = slots[2]!;

    const page = (await planVisitLoader(call(token, { search: `?hora=${encodeURIComponent(slot.start)}` }))) as { choosing: boolean; chosen?: string; open: boolean; days: unknown[] };
    expect(page).toMatchObject({ choosing: true, open: true, chosen: slot.start });
    expect(page.days.length).toBeGreaterThan(0);

    // Bad input first: no slot, a made-up one, an unknown intent, an unknown token.
    const empty = (await planVisitAction(call(token, { form: { intent: "elegir", slot: "" } }))) as { data: { errors: { slot: string } }; init: ResponseInit };
    expect(empty.init.status).toBe(400);
    expect(empty.data.errors.slot).toBe(SLOT_REQUIRED);
    const madeUp = (await planVisitAction(call(token, { form: { intent: "elegir", slot: "2026-01-01T03:00:00.000Z" } }))) as { data: { error: string }; init: ResponseInit };
    expect(madeUp.init.status).toBe(409);
    expect(madeUp.data.error).toBe("Esa hora ya no está libre.");
    const odd = (await planVisitAction(call(token, { form: { intent: "anular" } }))) as { init: ResponseInit };
    expect(odd.init.status).toBe(400);
    const unknown = await planVisitAction(call("x".repeat(32), { form: { intent: "elegir", slot: slot.start } })).catch((e: unknown) => e);
    expect((unknown as { init: ResponseInit }).init.status).toBe(404);

    const booked = (await planVisitAction(call(token, { form: { intent: "elegir", slot: slot.start } }))) as Response;
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toBe(`/mantenimiento/visita/${token}?reservada=1`);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, visit!.jobId));
    expect(job).toMatchObject({ status: "programado", startsAt: new Date(slot.start), endsAt: new Date(slot.end), technicianId: null });
    const dated = (await mailsTo(plan.customerEmail)).find((mail) => mail.subject.includes("fecha de su visita de mantenimiento"));
    expect(dated!.text).toContain(`Ya tenemos fecha para la visita de mantenimiento de su plan n.º ${plan.id}:`);
    expect(dated!.attachments![0]!.filename).toBe(`mantenimiento-plan-n-${plan.id}.ics`);
    expect(dated!.attachments![0]!.content).toContain(`SUMMARY:Visita de mantenimiento de`);

    // The owner's agenda names it as a plan's maintenance.
    const day = madridDay(new Date(slot.start));
    const entries = await agenda(db, day, day);
    expect(entries.find((entry) => entry.key === `trabajo-${visit!.jobId}`)).toMatchObject({ title: `Mantenimiento: Plan n.º ${plan.id}`, customer: plan.customerName, href: `/admin/trabajos/${visit!.jobId}` });

    // Taken: not offered any more, and a free visit of that hour is refused.
    expect((await currentFreeSlots(db, now)).some((free) => free.start === slot.start)).toBe(false);
    const contact = { name: "Otra Persona", phone: "600 999 888", email: "otra@example.com", address: "Calle Mayor 1", town: "Madrid", notes: "" };
    const refused = await bookVisit(db, { slotStart: slot.start, contact, contactRequestId: null }, now);
    expect(refused.ok).toBe(false);

    // Changed to another hour: the same job, a new date.
    const other = (await currentFreeSlots(db, now))[5]!;
    const changed = (await planVisitAction(call(token, { form: { intent: "elegir", slot: other.start } }))) as Response;
    expect(changed.headers.get("location")).toBe(`/mantenimiento/visita/${token}?cambiada=1`);
    const [moved] = await db.select().from(jobs).where(eq(jobs.id, visit!.jobId));
    expect(moved!.startsAt).toEqual(new Date(other.start));
    expect((await mailsTo(plan.customerEmail)).some((mail) => mail.subject.includes("nueva fecha de su visita de mantenimiento"))).toBe(true);
  });

  it("unbooked: one reminder after two weeks, the owner's list a week later", async () => {
    const { db } = await ready;
    const now = new Date();
    const { plan } = await planDueOn(addDays(madridDay(now), 41));
    await planVisitsTask(db, now);
    const later = (days: number) => new Date(now.getTime() + days * DAY_MS + 60_000);
    await planVisitsTask(db, later(13));
    expect((await visitOf(plan.id))[0]!.remindedAt).toBeNull();
    await planVisitsTask(db, later(14));
    await planVisitsTask(db, later(15));
    expect((await visitOf(plan.id))[0]!.remindedAt).not.toBeNull();
    const reminders = (await mailsTo(plan.customerEmail)).filter((mail) => mail.subject.includes("recuerde elegir el día"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("Todavía no ha elegido el día");

    const mine = (await openPlanVisits(db)).find((row) => row.planId === plan.id);
    expect(mine).toMatchObject({ jobStatus: "pendiente_programar", customerPhone: "600 111 222" });
    expect(planVisitStage(mine!, later(20))).toBe("recordado");
    expect(planVisitStage(mine!, later(21))).toBe("llamar");
    // The owner's page, on the real clock: reminded (the reminder's time is ahead of it here).
    const cookie = await adminCookie(db, "duena-visitas@termoclima.test");
    const page = (await dueLoader({ request: adminRequest("/admin/mantenimiento", cookie), params: {}, context: {} } as never)) as { visits: { planId: number; stage: string; jobId: number }[] };
    expect(page.visits.find((row) => row.planId === plan.id)).toMatchObject({ stage: "recordado", jobId: mine!.jobId });
  });

  it("done: the report's day goes on the units, the next visit is a year on, nothing reopens", async () => {
    const { db } = await ready;
    const now = new Date();
    const { plan, unit } = await planDueOn(addDays(madridDay(now), 20));
    await planVisitsTask(db, now);
    const [visit] = await visitOf(plan.id);
    const slot = (await currentFreeSlots(db, now))[0]!;
    await planVisitAction(call(visit!.token, { form: { intent: "elegir", slot: slot.start } }));
    expect((await moveJob(db, OWNER, visit!.jobId, "en_curso", now)).ok).toBe(true);
    const finished = await moveJob(db, OWNER, visit!.jobId, "terminado", now);
    expect(finished).toEqual({ ok: true, message: "Trabajo «Terminado»." });
    // Paid by the plan: never «Cobrado».
    expect((await moveJob(db, OWNER, visit!.jobId, "cobrado", now)).ok).toBe(false);

    expect(await recordDoneVisits(db)).toMatch(/anotadas: [1-9]/);
    const [done] = await visitOf(plan.id);
    expect(done!.doneOn).toBe(madridDay(now));
    const [maintained] = await db.select().from(planUnits).where(eq(planUnits.id, unit.id));
    expect(maintained!.lastMaintainedOn).toBe(madridDay(now));
    await planVisitsTask(db, new Date(now.getTime() + 2 * DAY_MS));
    expect(await visitOf(plan.id)).toHaveLength(1);
    expect((await openPlanVisits(db)).some((row) => row.planId === plan.id)).toBe(false);
    const page = (await planVisitLoader(call(visit!.token))) as { done: boolean; open: boolean };
    expect(page).toMatchObject({ done: true, open: false });
  });

  it("Mis equipos links the visit's page; the customer cancelling the plan cancels its visit's job, and tells them", async () => {
    const { db } = await ready;
    const now = new Date();
    const { plan } = await planDueOn(addDays(madridDay(now), 25));
    await planVisitsTask(db, now);
    const [visit] = await visitOf(plan.id);
    const [mine] = await plansForEmail(db, plan.customerEmail);
    expect(mine!.visit).toEqual({ dueOn: visit!.dueOn, href: `/mantenimiento/visita/${visit!.token}`, startsAt: null, endsAt: null });
    const slot = (await currentFreeSlots(db, now))[1]!;
    await planVisitAction(call(visit!.token, { form: { intent: "elegir", slot: slot.start } }));
    expect((await plansForEmail(db, plan.customerEmail))[0]!.visit).toMatchObject({ startsAt: slot.start, endsAt: slot.end });

    expect((await cancelMyPlan(db, plan.customerEmail, plan.id, "", now)).ok).toBe(true);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, visit!.jobId));
    expect(job).toMatchObject({ status: "cancelado", cancelReason: "Plan de mantenimiento cancelado por el cliente" });
    const told = (await mailsTo(plan.customerEmail)).find((mail) => mail.subject.includes("visita de mantenimiento cancelada"));
    expect(told!.text).toContain(`Hemos cancelado la visita de mantenimiento de su plan n.º ${plan.id}.`);
    expect((await plansForEmail(db, plan.customerEmail))[0]!.visit).toBeNull();
    expect((await currentFreeSlots(db, now)).some((free) => free.start === slot.start)).toBe(true);
    const page = (await planVisitLoader(call(visit!.token))) as { cancelled: boolean; open: boolean };
    expect(page).toMatchObject({ cancelled: true, open: false });
  });

  it("the technician's maintenance report: the RITE's operations, no extras, nothing installed or invoiced; the record e-mailed and in Mis equipos", async () => {
    const { db } = await ready;
    const now = new Date();
    const { plan, unit } = await planDueOn(addDays(madridDay(now), 15));
    await planVisitsTask(db, now);
    const [visit] = await visitOf(plan.id);
    const slot = (await currentFreeSlots(db, now))[0]!;
    await planVisitAction(call(visit!.token, { form: { intent: "elegir", slot: slot.start } }));
    const tech = await technicianSession(db, "tomas.mantenimiento@termoclima.test", "Tomás Mantenedor");
    await db.update(jobs).set({ technicianId: tech.id }).where(eq(jobs.id, visit!.jobId));
    const jobArgs = (request: Request) => ({ request, params: { id: String(visit!.jobId) }, context: {} }) as never;

    const page = (await technicianJobLoader(jobArgs(adminRequest(`/tecnico/trabajos/${visit!.jobId}`, tech.cookie)))) as { form: { units: unknown[]; suggestedKind: string; alternative: unknown } };
    expect(page.form).toMatchObject({ suggestedKind: "mantenimiento-caldera", alternative: null, units: [{ productId: null, brand: "Vaillant", model: "ecoTEC plus" }] });

    const body = {
      key: randomUUID(),
      checklistKind: "mantenimiento-caldera",
      done: ["circuito-humos", "quemador", "vaso-expansion", "combustion"],
      combustion: { co: "42", co2: "9,0", o2: "", flueTemp: "61", efficiency: "97,5" },
      serials: [unit.serialNumber],
      extras: [] as unknown[],
      notes: "Presión baja: rellenada a 1,5 bar.",
      signerName: plan.customerName,
      signerIdNumber: "12345678Z",
      signaturePath: "M 20 150 L 60 60 L 100 140 L 140 50",
      signedAt: now.toISOString(),
      photoIds: [],
    };
    const send = async (post: typeof body) => {
      const response = (await reportAction(jobArgs(adminRequest(`/tecnico/trabajos/${visit!.jobId}/parte`, tech.cookie, { parte: JSON.stringify(post) })))) as Response;
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const extra = { kind: "material", description: "Válvula de seguridad", quality: "Latón", quantity: "1", unit: "ud", unitPrice: "18,50" };
    const withExtra = await send({ ...body, extras: [extra] });
    expect(withExtra).toMatchObject({ status: 400, body: { message: NO_EXTRAS_ON_MAINTENANCE } });
    expect(await send(body)).toMatchObject({ status: 200, body: { ok: true } });

    const [job] = await db.select().from(jobs).where(eq(jobs.id, visit!.jobId));
    expect(job!.status).toBe("terminado");
    expect(await db.select().from(installedUnits).where(eq(installedUnits.jobId, visit!.jobId))).toEqual([]);
    expect(await db.select().from(jobCharges).where(eq(jobCharges.jobId, visit!.jobId))).toEqual([]);
    const rows = await db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.ref, jobRef(visit!.jobId))).orderBy(asc(outbox.id));
    const recordMail = rows.map((row) => row.payload as WorkReportMail).find((mail) => mail.subject.includes("registro de mantenimiento"));
    expect(recordMail!.subject).toContain(`registro de mantenimiento de su plan n.º ${plan.id}`);
    expect(recordMail!.text).toContain("/login/equipos");
    const sent = await withWorkReportPdf(db, recordMail!);
    expect(sent.attachments![0]!.filename).toBe(`mantenimiento-${madridDay(now)}.pdf`);
    const text = await pdfText(Buffer.from(sent.attachments![0]!.content as string, "base64"));
    expect(text).toContain("REGISTRO DE OPERACIONES DE MANTENIMIENTO");
    expect(text).toContain("Limpieza del quemador de la caldera");
    expect(text).toMatch(/empresa mantenedora/i);

    // The day goes on the units; Mis equipos lists the record; only its customer downloads it.
    await recordDoneVisits(db);
    const [maintained] = await db.select().from(planUnits).where(eq(planUnits.id, unit.id));
    expect(maintained!.lastMaintainedOn).toBe(madridDay(now));
    const [mine] = await plansForEmail(db, plan.customerEmail);
    expect(mine!.records).toEqual([{ signedOn: madridDay(now), href: `/login/equipos/mantenimientos/${visit!.jobId}` }]);
    const cookie = await signUp(plan.customerEmail, "contraseña-segura-1", plan.customerName);
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, plan.customerEmail));
    const recordArgs = (cookieOf: string) => ({ request: adminRequest(`/login/equipos/mantenimientos/${visit!.jobId}`, cookieOf), params: { job: String(visit!.jobId) }, context: {} }) as never;
    const pdf = (await recordLoader(recordArgs(cookie))) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const stranger = await signUp("otra.persona.registro@example.com", "contraseña-segura-1", "Otra Persona");
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, "otra.persona.registro@example.com"));
    const refused = await recordLoader(recordArgs(stranger)).catch((e: unknown) => e);
    expect((refused as { init: ResponseInit }).init.status).toBe(404);
  });

  it("a cancelled plan gets no visit", async () => {
    const { db } = await ready;
    const now = new Date();
    const { plan } = await planDueOn(addDays(madridDay(now), 10));
    await db.update(maintenancePlans).set({ state: "cancelado" }).where(and(eq(maintenancePlans.id, plan.id)));
    await planVisitsTask(db, now);
    expect(await visitOf(plan.id)).toEqual([]);
  });
});
