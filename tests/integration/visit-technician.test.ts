import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as visitsAction, loader as visitsLoader } from "~/routes/visits/admin-visits";
import { auditLog } from "~/server/db/shared-schema.server";
import { jobs } from "~/server/jobs/jobs-schema.server";
import { assignVisitTechnician } from "~/server/visits/visit-technician.server";
import { visits } from "~/server/visits/visits-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";
import { insertAcceptedJob } from "../support/job-fixtures";

/*
 * A booked visit given to a technician (issue 30): from the visits page, refused when the
 * technician has a job or another visit then (the same check as a job's scheduling), audited.
 */
const ready = setupTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const OWNER = { email: "visitas-tecnico@termoclima.test" };
const hour = 3_600_000;

async function bookVisit(name: string, startsAt: Date) {
  const { db } = await ready;
  const [row] = await db
    .insert(visits)
    .values({ token: `${name}-${"t".repeat(32)}`, name, phone: "611 000 111", address: "Calle Mayor 1", town: "Madrid", startsAt, endsAt: new Date(startsAt.getTime() + hour) })
    .returning();
  return row!;
}

describe("a visit given to a technician", () => {
  it("is given, shows on the page, can be taken back; audited", async () => {
    const { db } = await ready;
    const tech = await technicianSession(db, "ines.visitas@termoclima.test", "Inés Visitas");
    const visit = await bookVisit("Visita Asignada", new Date(Date.now() + 3 * 24 * hour));
    expect(await assignVisitTechnician(db, OWNER, visit.id, tech.id)).toEqual({ ok: true, message: "Visita de Visita Asignada asignada a Inés Visitas." });
    const [saved] = await db.select({ technicianId: visits.technicianId }).from(visits).where(eq(visits.id, visit.id));
    expect(saved!.technicianId).toBe(tech.id);
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "visita"), eq(auditLog.action, "asignar técnico a visita")));
    expect(line).toMatchObject({ actor: OWNER.email, entityId: String(visit.id) });

    const cookie = await adminCookie(db, "duena-visitas@termoclima.test");
    const page = await settle(() => visitsLoader(args(adminRequest("/admin/visitas", cookie))));
    const data = page.data as { upcoming: Array<{ id: number; technicianId: string | null }>; technicians: Array<{ id: string; name: string }> };
    expect(data.upcoming.find((row) => row.id === visit.id)?.technicianId).toBe(tech.id);
    expect(data.technicians).toContainEqual({ id: tech.id, name: "Inés Visitas" });

    const back = await settle(() => visitsAction(args(adminRequest("/admin/visitas", cookie, { intent: "tecnico", id: String(visit.id), technicianId: "" }))));
    expect(back).toMatchObject({ status: 200, data: { ok: true, message: "La visita de Visita Asignada queda sin técnico." } });
    const [cleared] = await db.select({ technicianId: visits.technicianId }).from(visits).where(eq(visits.id, visit.id));
    expect(cleared!.technicianId).toBeNull();
  });

  it("is refused when the technician has a job at that time, or is no technician; a past visit is gone", async () => {
    const { db } = await ready;
    const tech = await technicianSession(db, "tomas.ocupado@termoclima.test", "Tomás Ocupado");
    const at = new Date(Date.now() + 5 * 24 * hour);
    const job = await insertAcceptedJob(db, { customerName: "Cliente del Trabajo" });
    await db.update(jobs).set({ status: "programado", technicianId: tech.id, startsAt: new Date(at.getTime() - hour), endsAt: new Date(at.getTime() + 2 * hour) }).where(eq(jobs.id, job.jobId));
    const during = await bookVisit("Visita Solapada", at);
    const refused = await assignVisitTechnician(db, OWNER, during.id, tech.id);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(!refused.ok && refused.error).toMatch(new RegExp(`^Tomás Ocupado ya tiene el trabajo ${job.number} el `));

    // (Two booked visits never overlap: the shop's calendar refuses it, visits_no_overlap.)
    const second = await bookVisit("Segunda Visita", new Date(at.getTime() + 24 * hour));
    const customer = await technicianSession(db, "no-tecnico@termoclima.test", "No Técnico");
    await db.execute(`update "user" set role = 'user' where id = '${customer.id}'`);
    expect(await assignVisitTechnician(db, OWNER, second.id, customer.id)).toEqual({ ok: false, status: 409, error: "Ese técnico no existe o ya no es técnico." });
    const past = await bookVisit("Visita Pasada", new Date(Date.now() - 48 * hour));
    expect(await assignVisitTechnician(db, OWNER, past.id, tech.id)).toMatchObject({ ok: false, status: 404 });
  });
});
