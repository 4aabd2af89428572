import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, addMonths, madridDay } from "~/domain/dates/madrid-dates";
import { LEAK_MESSAGES } from "~/domain/jobs/work-report-form";
import { PLAN_COVERS } from "~/domain/maintenance/plans";
import { action as reportAction } from "~/routes/jobs/technician-job-report";
import { action as planVisitAction } from "~/routes/maintenance/plan-visit";
import { resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { jobs } from "~/server/jobs/jobs-schema.server";
import { withWorkReportPdf, type WorkReportMail } from "~/server/jobs/work-report-email.server";
import type { MailMessage } from "~/server/mail.server";
import { dueInMonth, monthStart } from "~/server/maintenance/due-list.server";
import { maintenancePlans, planUnits, planVisits } from "~/server/maintenance/maintenance-schema.server";
import { planVisitsTask, recordDoneVisits } from "~/server/maintenance/plan-visits.server";
import { jobRef, planRef } from "~/server/outbox-refs.server";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { customerRecord } from "~/server/customers/customer-record.server";
import { linkUntiedRows } from "~/server/customers/customer-links.server";
import { setupTestDatabase } from "../db-utils";
import { adminRequest, technicianSession } from "../support/admin-utils";
import { pdfText } from "../support/pdf-text";

/*
 * Issue 31: a refrigerant leak found on a plan's visit (Regulation (EU) 2024/573, art. 4). The
 * technician's report says where and what was done (not together with «sin fugas»); the record
 * states the repair and the new check it calls for; the unit keeps the day; the owner is told
 * and the due list shows the repair within 30 days; a later report without a leak clears it.
 */
const ready = setupTestDatabase();
process.env.PUBLIC_BASE_URL = "https://tienda.example";
process.env.VISIT_RATE_LIMIT = "1000";
resetConfigForTests();
afterAll(() => {
  for (const name of ["PUBLIC_BASE_URL", "VISIT_RATE_LIMIT"]) delete process.env[name];
  resetConfigForTests();
});

async function airPlanDueIn15Days(now: Date) {
  const { db } = await ready;
  const dueOn = addDays(madridDay(now), 15);
  const installedOn = addMonths(dueOn, -12);
  const [plan] = await db
    .insert(maintenancePlans)
    .values({
      customerEmail: "luis.fuga@example.com",
      customerName: "Luis Fuga",
      customerPhone: "600 333 444",
      buyer: { name: "Luis Fuga", nif: "12345678Z", address: ["Calle de Toledo 20", "28005 Madrid"] },
      place: { address: "Calle de Toledo 20", postcode: "28005", town: "Madrid", province: "Madrid" },
      family: "aires",
      priceCents: 8500,
      covers: PLAN_COVERS,
      startedOn: installedOn,
      renewsOn: addMonths(installedOn, 12),
      source: "telefono",
    })
    .returning();
  const [unit] = await db
    .insert(planUnits)
    .values({ planId: plan!.id, equipment: "aire", brand: "Daikin", model: "Sensira 35", serialNumber: "DK-35-9", installedOn, powerKw: 3.5, refrigerant: "R-32", chargeKg: 1.2, declared: true })
    .returning();
  return { plan: plan!, unit: unit! };
}

describe("a refrigerant leak found on a plan's visit", () => {
  it("is refused with «sin fugas» or without where; recorded, it goes on the unit, the owner is told and the due list shows the repair", async () => {
    const { db } = await ready;
    const now = new Date();
    const { plan, unit } = await airPlanDueIn15Days(now);
    await planVisitsTask(db, now);
    const [visit] = await db.select().from(planVisits).where(eq(planVisits.planId, plan.id));
    const slot = (await currentFreeSlots(db, now))[0]!;
    await planVisitAction({ request: new Request(`http://localhost/mantenimiento/visita/${visit!.token}`, { method: "POST", body: new URLSearchParams({ intent: "elegir", slot: slot.start }), headers: { "content-type": "application/x-www-form-urlencoded" } }), params: { token: visit!.token }, context: {} } as never);
    const tech = await technicianSession(db, "ana.fugas@termoclima.test", "Ana Frigorista");
    await db.update(jobs).set({ technicianId: tech.id }).where(eq(jobs.id, visit!.jobId));
    const jobArgs = (request: Request) => ({ request, params: { id: String(visit!.jobId) }, context: {} }) as never;
    const body = {
      key: randomUUID(),
      checklistKind: "mantenimiento-aire",
      done: ["control-fugas"],
      combustion: {},
      serials: [unit.serialNumber],
      extras: [] as unknown[],
      notes: "",
      leakFound: true,
      leakWhere: "",
      signerName: plan.customerName,
      signerIdNumber: "12345678Z",
      signaturePath: "M 20 150 L 60 60 L 100 140 L 140 50",
      signedAt: now.toISOString(),
      photoIds: [],
    };
    const send = async (post: typeof body) => {
      const response = (await reportAction(jobArgs(adminRequest(`/tecnico/trabajos/${visit!.jobId}/parte`, tech.cookie, { parte: JSON.stringify(post) })))) as Response;
      return { status: response.status, body: (await response.json()) as { errors?: Record<string, string> } };
    };
    expect(await send(body)).toMatchObject({ status: 400, body: { errors: { leakFound: LEAK_MESSAGES.both } } });
    expect(await send({ ...body, done: [] })).toMatchObject({ status: 400, body: { errors: { leakWhere: LEAK_MESSAGES.where } } });
    const where = "Abocardado de la línea de líquido en la unidad exterior: reapretado, pendiente de cambiar la tuerca";
    expect(await send({ ...body, done: [], leakWhere: where })).toMatchObject({ status: 200 });

    const rows = await db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.ref, jobRef(visit!.jobId))).orderBy(asc(outbox.id));
    const recordMail = rows.map((row) => row.payload as WorkReportMail).find((mail) => mail.subject.includes("registro de mantenimiento"));
    const sent = await withWorkReportPdf(db, recordMail!);
    const text = (await pdfText(Buffer.from(sent.attachments![0]!.content as string, "base64"))).replace(/\s+/g, " ");
    expect(text).toContain(`Fuga de refrigerante detectada: ${where}.`);
    expect(text).toContain("Reglamento (UE) 2024/573, art. 4");

    await recordDoneVisits(db);
    const [leaky] = await db.select().from(planUnits).where(eq(planUnits.id, unit.id));
    expect(leaky!.leakFoundOn).toBe(madridDay(now));
    const owner = (await db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.ref, planRef(plan.id)))).map((row) => row.payload as MailMessage).find((mail) => /fuga de refrigerante/.test(mail.subject));
    expect(owner!.text).toContain(where);
    const repairOn = addDays(madridDay(now), 30);
    const month = await dueInMonth(db, monthStart(repairOn));
    expect(month.items.filter((item) => item.kind === "fuga" && item.planId === plan.id)).toEqual([expect.objectContaining({ on: repairOn, what: expect.stringContaining("Daikin Sensira 35: fuga encontrada el") })]);

    // The customer record lists the plan's maintenance job (it read jobs through quotes only).
    await linkUntiedRows(db);
    const [tied] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, plan.id));
    const record = await customerRecord(db, tied!.customerId!);
    expect(record?.jobs).toEqual([expect.objectContaining({ id: visit!.jobId, quoteNumber: null, title: `Plan n.º ${plan.id}` })]);
  });
});
