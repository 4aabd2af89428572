import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWorkReport } from "~/domain/jobs/work-report-form";
import { coverageOf } from "~/domain/repairs/repair-coverage";
import type { Staff } from "~/server/accounts/admin-access.server";
import { user } from "~/server/accounts/accounts-schema.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { jobCharges, jobs } from "~/server/jobs/jobs-schema.server";
import { submitWorkReport } from "~/server/jobs/work-report.server";
import { askCallOutOnline, openRepairJob } from "~/server/repairs/repair-job.server";
import { createRepairRequest } from "~/server/repairs/repair-requests.server";
import { repairRequests } from "~/server/repairs/repairs-schema.server";
import { twoInstances } from "../support/pg-instances";
import { insertProduct } from "../support/transfer-orders";

/*
 * Repairs (issue 31) on PostgreSQL with two app instances: the owner opening a breakdown's job
 * while the customer's call-out payment opens it too makes one job (and one advance); two
 * repairs reported at once that both used the last unit of a part in stock: one is stored, the
 * other is told the stock, and the stock never goes below zero. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la carrera de las reparaciones en PostgreSQL ***\n");

const WHO = { ip: "127.0.0.1", userAgent: "vitest" };
const OWNER = { email: "duena@termoclima.test" };

describe.skipIf(!url)("repairs on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  const technician: Staff = { id: "tecnico-averias", email: "tecnico.averias@termoclima.test", name: "Técnico Averías", sessionToken: "x", role: "tecnico" };

  beforeAll(async () => {
    instances = await twoInstances(url!, "averias");
    await instances.first.db.insert(user).values({ id: technician.id, email: technician.email, name: technician.name, emailVerified: true, role: "tecnico" });
  });
  afterAll(async () => {
    await instances?.drop();
  });

  const breakdown = (i: number) =>
    createRepairRequest(instances.first.db, {
      contact: { name: `Cliente Avería ${i}`, phone: "600 000 000", email: `averia${i}@example.com`, address: "Calle Mayor 1", postcode: "28013", town: "Madrid" },
      unit: { installedUnitId: null, planId: null, family: "calderas", brand: "Vaillant", model: "ecoTEC", serialNumber: "" },
      problem: "No enciende desde ayer por la noche.",
      urgency: "urgente",
      availability: "",
      photoIds: [],
      coverage: coverageOf(null, "2033-03-01", 4840),
      source: "web",
      takenBy: null,
    });

  it("the owner and the customer's call-out payment open the job at once: one job, one advance", async () => {
    const { first, second } = instances;
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => breakdown(i)));
    const outcomes = await Promise.all(made.map((repair) => Promise.all([openRepairJob(first.db, OWNER, repair.id), askCallOutOnline(second.db, repair.id)])));
    for (const [opened, asked] of outcomes) {
      expect(opened.ok).toBe(true);
      expect(asked?.jobId).toBe(opened.ok ? opened.jobId : -1);
    }
    const ids = made.map((repair) => repair.id);
    const rows = await first.db.select({ jobId: repairRequests.jobId }).from(repairRequests).where(inArray(repairRequests.id, ids));
    const jobIds = rows.map((row) => row.jobId!);
    expect(new Set(jobIds).size).toBe(6);
    expect(await first.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, jobIds))).toHaveLength(6);
    expect(await first.db.select({ id: jobCharges.id }).from(jobCharges).where(inArray(jobCharges.jobId, jobIds))).toHaveLength(6);
  });

  it("the last unit of a part used by two repairs reported at once: one stored, the other told, stock at zero", async () => {
    const { first, second } = instances;
    const part = await insertProduct(first.db, { stock: 1, model: "Válvula de tres vías" });
    const jobIds: number[] = [];
    for (const i of [10, 11]) {
      const repair = await breakdown(i);
      const opened = await openRepairJob(first.db, OWNER, repair.id);
      if (!opened.ok) throw new Error(opened.message);
      await first.db.update(jobs).set({ status: "en_curso", technicianId: technician.id, startsAt: new Date("2033-03-01T08:00:00Z"), endsAt: new Date("2033-03-01T10:00:00Z") }).where(eq(jobs.id, opened.jobId));
      jobIds.push(opened.jobId);
    }
    // The call-out (40,00 base) and the part (81,82 base, 99,00 with VAT): 121,82 base, 147,40 with VAT.
    const report = (i: number) => {
      const parsed = parseWorkReport(
        {
          key: `00000000-0000-4000-8000-${String(100 + i).padStart(12, "0")}`,
          checklistKind: "mantenimiento",
          done: ["revision", "prueba"],
          serials: [],
          signaturePath: "M 10 10 L 50 50",
          signerName: `Cliente Avería ${i}`,
          repair: { diagnosis: "Válvula de tres vías bloqueada: se cambia.", cause: "desgaste", parts: [{ productId: String(part.id), quantity: "1" }], replacement: false, reducedVat: false, invoiceNif: "12345678Z", shownTotalCents: 14_740 },
        },
        [],
        { repair: true },
      );
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return parsed.report;
    };
    const answers = await Promise.all([submitWorkReport(first.db, technician, jobIds[0]!, report(0), WHO), submitWorkReport(second.db, technician, jobIds[1]!, report(1), WHO)]);
    expect(answers.filter((answer) => answer.ok), JSON.stringify(answers)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ status: 409, message: expect.stringContaining("En el almacén constan 0 unidades") });
    const [left] = await first.db.select({ stock: products.stock }).from(products).where(eq(products.id, part.id));
    expect(left!.stock).toBe(0);
  });
});
