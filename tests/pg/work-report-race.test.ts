import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWorkReport } from "~/domain/jobs/work-report-form";
import type { Staff } from "~/server/accounts/admin-access.server";
import { user } from "~/server/accounts/accounts-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { jobCharges, jobs, workReports } from "~/server/jobs/jobs-schema.server";
import { submitWorkReport } from "~/server/jobs/work-report.server";
import { insertAcceptedJob } from "../support/job-fixtures";
import { twoInstances } from "../support/pg-instances";

/*
 * A work report sent at the same moment to two app instances (issue 17: the phone's automatic
 * retry when the connection returns, on a site with two processes) on PostgreSQL: both wait
 * for the job's row lock, one stores the report (and the final invoice), the other answers
 * exactly the same without storing anything. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la carrera del parte de trabajo en PostgreSQL ***\n");

const JOBS = 6;
const WHO = { ip: "127.0.0.1", userAgent: "vitest" };

describe.skipIf(!url)("a work report sent twice at once to two instances on PostgreSQL", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  const technician: Staff = { id: "tecnico-carrera", email: "tecnico.carrera@termoclima.test", name: "Técnico Carrera", sessionToken: "x", role: "tecnico" };

  beforeAll(async () => {
    instances = await twoInstances(url!, "partes");
    await instances.first.db.insert(user).values({ id: technician.id, email: technician.email, name: technician.name, emailVerified: true, role: "tecnico" });
  });
  afterAll(async () => {
    await instances?.drop();
  });

  it("stores each report once and answers both sendings the same", async () => {
    const { first, second } = instances;
    const made = [];
    for (let i = 0; i < JOBS; i++) {
      const job = await insertAcceptedJob(first.db, { customerName: `Cliente Carrera ${i}`, email: `carrera${i}@example.com` });
      await first.db.update(jobs).set({ status: "en_curso", technicianId: technician.id, startsAt: new Date("2033-03-01T08:00:00Z"), endsAt: new Date("2033-03-01T10:00:00Z") }).where(eq(jobs.id, job.jobId));
      made.push(job);
    }
    const answers = await Promise.all(
      made.map(async (job, i) => {
        const parsed = parseWorkReport(
          {
            key: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
            checklistKind: "mantenimiento",
            done: ["revision", "prueba"],
            serials: [],
            signaturePath: "M 10 10 L 50 50",
            signerName: `Cliente Carrera ${i}`,
          },
          [],
        );
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
        return Promise.all([submitWorkReport(first.db, technician, job.jobId, parsed.report, WHO), submitWorkReport(second.db, technician, job.jobId, parsed.report, WHO)]);
      }),
    );
    for (const [one, two] of answers) {
      expect(one.ok).toBe(true);
      expect(two).toEqual(one);
    }
    const ids = made.map((job) => job.jobId);
    const reports = await first.db.select({ jobId: workReports.jobId }).from(workReports).where(inArray(workReports.jobId, ids));
    expect(reports.map((r) => r.jobId).sort()).toEqual([...ids].sort());
    const finals = await first.db
      .select({ jobId: jobCharges.jobId, invoice: invoices.number })
      .from(jobCharges)
      .leftJoin(invoices, eq(invoices.jobChargeId, jobCharges.id))
      .where(inArray(jobCharges.jobId, ids));
    expect(finals, "una factura final por trabajo").toHaveLength(JOBS);
    expect(new Set(finals.map((f) => f.invoice)).size).toBe(JOBS);
    const states = await first.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
    expect(states.every((s) => s.status === "terminado")).toBe(true);
  });
});
