import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madridInstant } from "~/domain/dates/madrid-dates";
import { action as jobAction, loader as jobLoader } from "~/routes/jobs/admin-job";
import { loader as calendarLoader } from "~/routes/jobs/admin-calendar";
import { loader as jobsLoader } from "~/routes/jobs/admin-jobs";
import { action as techniciansAction, loader as techniciansLoader } from "~/routes/accounts/admin-technicians";
import { loader as feedLoader } from "~/routes/jobs/calendar-feed";
import { loader as technicianHomeLoader, action as technicianHomeAction } from "~/routes/jobs/technician-home";
import { loader as technicianJobLoader } from "~/routes/jobs/technician-job";
import { loader as technicianLayoutLoader } from "~/routes/jobs/technician-layout";
import { resetConfigForTests } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { user } from "~/server/accounts/accounts-schema.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { jobs } from "~/server/jobs/jobs-schema.server";
import { runJobReminders } from "~/server/jobs/job-reminders.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";
import { signUp } from "../support/auth-utils";
import { insertAcceptedJob } from "../support/job-fixtures";

/*
 * Jobs, technicians and the calendar (issue 17): who sees what, scheduling without overlaps,
 * cancelling gives the units back once, the reminder goes once, the private feed.
 */
const ready = setupTestDatabase();
const OWNER = "duena@termoclima.test";
let owner = "";
const techs: Record<"ana" | "bruno", { cookie: string; id: string }> = { ana: { cookie: "", id: "" }, bruno: { cookie: "", id: "" } };

beforeAll(() => {
  process.env.ADMIN_EMAILS = OWNER;
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.ADMIN_EMAILS;
  resetConfigForTests();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

async function schedule(jobId: number, form: { day: string; from: string; to: string; technicianId: string; notes?: string }) {
  return settle(() => jobAction(args(adminRequest(`/admin/trabajos/${jobId}`, owner, { intent: "schedule", notes: "", ...form }), { id: String(jobId) })));
}

const stockOf = async (db: Database, id: number) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe("jobs and technicians", () => {
  // The scene: the owner and two technicians.
  beforeAll(async () => {
    const { db } = await ready;
    owner = await adminCookie(db, OWNER);
    techs.ana = await technicianSession(db, "ana.tecnica@termoclima.test", "Ana Técnica");
    techs.bruno = await technicianSession(db, "bruno.tecnico@termoclima.test", "Bruno Técnico");
  });

  it("answers 404 to a technician on every /admin page and action (read from app/routes.ts)", async () => {
    await ready;
    const table = readFileSync(path.resolve("app/routes.ts"), "utf8");
    // The back office's screens: the layout's own (routes/admin/) and every area's admin-* module.
    const files = [...table.matchAll(/"routes\/((?:admin\/|[a-z-]+\/admin-)[^"]+)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(30);
    const missing = files.filter((file) => !existsSync(path.resolve("app/routes", file)));
    expect(missing, "route modules named in app/routes.ts").toEqual([]);
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ path.resolve("app/routes", file))) as { loader?: (a: never) => Promise<unknown>; action?: (a: never) => Promise<unknown> };
      const params = { id: "1", number: "P-1", document: "declaracion", name: "x" };
      if (mod.loader) {
        const got = await settle(() => mod.loader!(args(adminRequest("/admin/x", techs.ana.cookie), params)));
        expect(got.status, `${file} (página)`).toBe(404);
      }
      if (mod.action) {
        const got = await settle(() => mod.action!(args(adminRequest("/admin/x", techs.ana.cookie, { intent: "x" }), params)));
        expect(got.status, `${file} (acción)`).toBe(404);
      }
    }
  });

  it("opens /tecnico only to technicians, and a job only to its own technician", async () => {
    const { db } = await ready;
    const job = await insertAcceptedJob(db, { customerName: "Cliente de Ana" });
    expect((await schedule(job.jobId, { day: "2027-02-01", from: "09:00", to: "11:00", technicianId: techs.ana.id })).status).toBe(200);
    const own = await settle(() => technicianJobLoader(args(adminRequest(`/tecnico/trabajos/${job.jobId}`, techs.ana.cookie), { id: String(job.jobId) })));
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.data)).toContain("Calle de Alcalá 100");
    const other = await settle(() => technicianJobLoader(args(adminRequest(`/tecnico/trabajos/${job.jobId}`, techs.bruno.cookie), { id: String(job.jobId) })));
    expect(other.status).toBe(404);
    const unknown = await settle(() => technicianJobLoader(args(adminRequest("/tecnico/trabajos/999999", techs.ana.cookie), { id: "999999" })));
    expect(unknown.status).toBe(404);
    // The owner and customers are not technicians: /tecnico is the 404 page for them.
    expect((await settle(() => technicianLayoutLoader(args(adminRequest("/tecnico", owner))))).status).toBe(404);
    expect((await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", owner))))).status).toBe(404);
    const customer = await signUp("cliente.cualquiera@example.com");
    expect((await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", customer))))).status).toBe(404);
    const home = await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", techs.ana.cookie))));
    expect(JSON.stringify(home.data)).toContain("Cliente de Ana");
    const brunos = await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", techs.bruno.cookie))));
    expect(JSON.stringify(brunos.data)).not.toContain("Cliente de Ana");
  });

  it("sends a technician who has not passed the second factor to the code page, and one not enrolled to the enrolment", async () => {
    const { db } = await ready;
    const cookie = await signUp("carla.tecnica@termoclima.test", "contraseña-segura-1", "Carla");
    await db.update(user).set({ role: "tecnico" }).where(eq(user.email, "carla.tecnica@termoclima.test"));
    const enrol = await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", cookie))));
    expect(enrol.status).toBe(302);
    expect(enrol.location).toBe("/tecnico/segundo-factor");
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, "carla.tecnica@termoclima.test"));
    const verify = await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", cookie))));
    expect(verify.location).toBe("/login/verificacion?redirectTo=%2Ftecnico");
  });

  it("refuses a job that overlaps another of the same technician, with a clear message", async () => {
    const { db } = await ready;
    const first = await insertAcceptedJob(db);
    const second = await insertAcceptedJob(db);
    expect((await schedule(first.jobId, { day: "2027-03-01", from: "09:00", to: "11:00", technicianId: techs.ana.id })).status).toBe(200);
    const clash = await schedule(second.jobId, { day: "2027-03-01", from: "10:30", to: "12:00", technicianId: techs.ana.id });
    expect(clash.status).toBe(409);
    expect((clash.data as { error: string }).error).toMatch(new RegExp(`Ana Técnica ya tiene el trabajo ${first.number} el lunes, 1 de marzo de 2027, de 09:00 a 11:00`));
    const [still] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, second.jobId));
    expect(still!.status).toBe("pendiente_programar");
    // Back to back is fine, and so is another technician at the same time.
    expect((await schedule(second.jobId, { day: "2027-03-01", from: "11:00", to: "12:00", technicianId: techs.ana.id })).status).toBe(200);
    expect((await schedule(second.jobId, { day: "2027-03-01", from: "10:00", to: "12:00", technicianId: techs.bruno.id })).status).toBe(200);
    const list = await settle(() => jobsLoader(args(adminRequest("/admin/trabajos?estado=programado", owner))));
    expect(JSON.stringify(list.data)).toContain(second.number);
    expect((await settle(() => jobsLoader(args(adminRequest("/admin/trabajos?estado=inventado", owner))))).status).toBe(400);
    const page = await settle(() => jobLoader(args(adminRequest(`/admin/trabajos/${second.jobId}`, owner), { id: String(second.jobId) })));
    expect(page.data).toMatchObject({ job: { status: "programado", technicianName: "Bruno Técnico" }, defaults: { day: "2027-03-01", from: "10:00", to: "12:00" } });
    // Bad input: 400 with the fields in Spanish.
    const bad = await schedule(second.jobId, { day: "2027-02-30", from: "12:00", to: "10:00", technicianId: "" });
    expect(bad.status).toBe(400);
    expect((bad.data as { fields: Record<string, string> }).fields).toMatchObject({
      day: "Escriba una fecha válida (día, mes y año).",
      technicianId: "Elija el técnico.",
    });
  });

  it("e-mails the customer the date with an .ics, and audits the change", async () => {
    const { db } = await ready;
    const job = await insertAcceptedJob(db, { email: "marta.ics@example.com" });
    const done = await schedule(job.jobId, { day: "2027-03-29", from: "09:00", to: "13:00", technicianId: techs.bruno.id });
    expect((done.data as { message: string }).message).toContain("marta.ics@example.com");
    const [mail] = await db.select().from(outbox).where(eq(outbox.ref, `trabajo:${job.jobId}`));
    const payload = mail!.payload as { to: string; subject: string; text: string; attachments: Array<{ content: string; filename: string }> };
    expect(payload.to).toBe("marta.ics@example.com");
    expect(payload.text).toContain("lunes, 29 de marzo de 2027, de 09:00 a 13:00");
    expect(payload.attachments[0]!.filename).toBe(`instalacion-${job.number}.ics`);
    expect(payload.attachments[0]!.content).toContain("DTSTART;TZID=Europe/Madrid:20270329T090000");
    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "trabajo"), eq(auditLog.entityId, String(job.jobId))));
    expect(lines.map((l) => l.action)).toEqual(["programar trabajo"]);
    // The week of the calendar shows it, for everyone and filtered by Bruno; not filtered by Ana.
    const week = await settle(() => calendarLoader(args(adminRequest("/admin/calendario?semana=2027-03-31", owner))));
    expect(JSON.stringify(week.data)).toContain(job.number);
    const brunos = await settle(() => calendarLoader(args(adminRequest(`/admin/calendario?semana=2027-03-29&tecnico=${techs.bruno.id}`, owner))));
    expect(JSON.stringify(brunos.data)).toContain(job.number);
    const anas = await settle(() => calendarLoader(args(adminRequest(`/admin/calendario?semana=2027-03-29&tecnico=${techs.ana.id}`, owner))));
    expect(JSON.stringify(anas.data)).not.toContain(job.number);
    expect((await settle(() => calendarLoader(args(adminRequest("/admin/calendario?semana=ayer", owner))))).status).toBe(400);
  });

  it("gives the held units back once when the job is cancelled", async () => {
    const { db } = await ready;
    const productId = 1;
    await db.update(products).set({ stock: 10 }).where(eq(products.id, productId));
    const job = await insertAcceptedJob(db, { productId, units: 3 });
    expect(await stockOf(db, productId)).toBe(7);
    const cancel = () => settle(() => jobAction(args(adminRequest(`/admin/trabajos/${job.jobId}`, owner, { intent: "cancel", reason: "El cliente se muda" }), { id: String(job.jobId) })));
    const noReason = await settle(() => jobAction(args(adminRequest(`/admin/trabajos/${job.jobId}`, owner, { intent: "cancel", reason: "" }), { id: String(job.jobId) })));
    expect(noReason.status).toBe(400);
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await stockOf(db, productId)).toBe(10);
    expect((await cancel()).status).toBe(409);
    expect(await stockOf(db, productId)).toBe(10);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.jobId));
    expect(row).toMatchObject({ status: "cancelado", cancelReason: "El cliente se muda", heldUnits: [] });
    // The page of an unknown job is the 404 page.
    expect((await settle(() => jobLoader(args(adminRequest("/admin/trabajos/999999", owner), { id: "999999" })))).status).toBe(404);
  });

  it("reminds the customer once, the day before, from 09:00 Madrid time", async () => {
    const { db } = await ready;
    const job = await insertAcceptedJob(db, { email: "recordar@example.com" });
    await schedule(job.jobId, { day: "2027-04-15", from: "09:00", to: "11:00", technicianId: techs.ana.id });
    const reminders = async () =>
      (await db.select().from(outbox).where(eq(outbox.ref, `trabajo:${job.jobId}`))).filter((entry) => String((entry.payload as { subject: string }).subject).includes("mañana"));
    expect(await runJobReminders(db, madridInstant("2027-04-13", "10:00"))).not.toContain(job.jobId);
    expect(await runJobReminders(db, madridInstant("2027-04-14", "08:45"))).not.toContain(job.jobId);
    const now = madridInstant("2027-04-14", "09:15");
    const [a, b] = await Promise.all([runJobReminders(db, now), runJobReminders(db, now)]);
    expect([...a, ...b].filter((id) => id === job.jobId)).toHaveLength(1);
    expect(await runJobReminders(db, madridInstant("2027-04-14", "18:00"))).not.toContain(job.jobId);
    expect(await reminders()).toHaveLength(1);
    // A new date earns a new reminder.
    await schedule(job.jobId, { day: "2027-04-20", from: "09:00", to: "11:00", technicianId: techs.ana.id });
    expect(await runJobReminders(db, madridInstant("2027-04-19", "09:30"))).toContain(job.jobId);
    expect(await reminders()).toHaveLength(2);
  });

  it("serves a technician's private feed until it is revoked", async () => {
    const { db } = await ready;
    const job = await insertAcceptedJob(db, { customerName: "Feed García" });
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await schedule(job.jobId, { day: soon, from: "16:00", to: "18:00", technicianId: techs.bruno.id });
    await settle(() => technicianHomeAction(args(adminRequest("/tecnico", techs.bruno.cookie, { intent: "feed-new" }))));
    const home = await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", techs.bruno.cookie))));
    const url = (home.data as { feed: string }).feed;
    const file = /\/calendario\/([^/]+)$/.exec(url)![1]!;
    const feed = (await feedLoader(args(new Request(url), { file }))) as Response;
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    expect(feed.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await feed.text();
    expect(body).toContain("Feed García");
    expect(body).toContain("BEGIN:VTIMEZONE");
    // Ana's jobs are not in Bruno's feed.
    expect(body).not.toContain("Cliente de Ana");
    // The owner revokes it: 404 at once; an unknown token too.
    await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "feed-revoke", userId: techs.bruno.id }))));
    expect((await settle(() => feedLoader(args(new Request(url), { file })))).status).toBe(404);
    expect((await settle(() => feedLoader(args(new Request(url), { file: "desconocido-desconocido-desconocido.ics" })))).status).toBe(404);
  });

  it("invites a technician by e-mail and name (issue 28: no account until the invitation is used); revoking ends their sessions", async () => {
    const { db } = await ready;
    const created = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "create", name: "Diego Nuevo", email: "Diego.Nuevo@termoclima.test" }))));
    expect(created).toMatchObject({ status: 200, data: { ok: true, message: expect.stringContaining("Hemos enviado una invitación a diego.nuevo@termoclima.test") } });
    expect(await db.select().from(user).where(eq(user.email, "diego.nuevo@termoclima.test"))).toEqual([]);
    const mails = await db.select({ payload: outbox.payload }).from(outbox).where(sql`${outbox.payload}->>'to' = 'diego.nuevo@termoclima.test'`);
    const subjects = mails.map((m) => String(m.payload.subject));
    expect(subjects).toEqual([expect.stringContaining("invitación para ser técnico")]);
    const again = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "create", name: "Diego", email: "diego.nuevo@termoclima.test" }))));
    expect(again.status).toBe(409);
    const invalid = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "create", name: "", email: "no-es-un-email" }))));
    expect(invalid.status).toBe(400);
    expect((invalid.data as { fields: Record<string, string> }).fields).toMatchObject({ email: "Escriba un email válido.", name: "Escriba el nombre del técnico." });
    const page = await settle(() => techniciansLoader(args(adminRequest("/admin/tecnicos", owner))));
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain("Diego Nuevo");
    const ownerAsTech = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "create", name: "Dueña", email: OWNER }))));
    expect(ownerAsTech.status).toBe(409);

    const revoked = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "revoke", userId: techs.ana.id }))));
    expect(revoked.status).toBe(200);
    expect((await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", techs.ana.cookie))))).status).toBe(404);
  });
});
