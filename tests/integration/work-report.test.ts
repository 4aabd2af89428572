import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madridDay } from "~/domain/dates/madrid-dates";
import { EXTRAS_BREAK_REDUCED_VAT } from "~/domain/jobs/job-amounts";
import { workReportText } from "~/domain/jobs/work-report-text";
import type { WorkReportPost } from "~/domain/jobs/work-report-form";
import { loader as adminPdfLoader } from "~/routes/jobs/admin-job-report-pdf";
import { loader as photoImageLoader } from "~/routes/images/photo-image";
import { action as technicianJobAction, loader as technicianJobLoader } from "~/routes/jobs/technician-job";
import { loader as technicianPhotoLoader } from "~/routes/jobs/technician-job-photo";
import { action as photosAction } from "~/routes/jobs/technician-job-photos";
import { action as reportAction } from "~/routes/jobs/technician-job-report";
import { loader as customerPdfLoader } from "~/routes/jobs/work-report-pdf";
import { publicShopInfo, resetConfigForTests } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { outbox } from "~/server/db/shared-schema.server";
import { images } from "~/server/images/images-schema.server";
import { installedUnits, jobs, workReports } from "~/server/jobs/jobs-schema.server";
import { quotes } from "~/server/quotes/quotes-schema.server";
import { processImage } from "~/server/images/image-pipeline.server";
import { saveImage } from "~/server/images/image-store.server";
import { withWorkReportPdf, type WorkReportMail } from "~/server/jobs/work-report-email.server";
import { sha256 } from "~/server/jobs/work-report.server";
import { loadWorkReport, reportFacts } from "~/server/jobs/work-report-store.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";
import { insertAcceptedJob, type JobFixture } from "../support/job-fixtures";
import { pdfText } from "../support/pdf-text";

/*
 * The technician's work report (issue 17): sent twice (one after the other, and at once) with
 * one idempotency key it is stored once and answered the same; the installed units get their
 * guarantees; the job ends "terminado"; another technician's post is a 404; a report photo is
 * private (never at /imagenes/fotos); the customer's e-mail carries the PDF.
 */
const ready = setupTestDatabase();
const OWNER = "duena@termoclima.test";
let owner = "";
const techs = { ana: { cookie: "", id: "" }, bruno: { cookie: "", id: "" } };
let boilerId = 0;

beforeAll(() => {
  process.env.ADMIN_EMAILS = OWNER;
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.ADMIN_EMAILS;
  resetConfigForTests();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const base = () => publicShopInfo().baseUrl;

/** A job of option B (one boiler) scheduled for `technicianId` tomorrow morning. */
async function scheduledJob(db: Database, technicianId: string, name: string): Promise<JobFixture> {
  const job = await insertAcceptedJob(db, { productId: boilerId, units: 1, customerName: name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com` });
  const startsAt = new Date(Date.now() + 24 * 3_600_000);
  await db.update(jobs).set({ status: "programado", technicianId, startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000) }).where(eq(jobs.id, job.jobId));
  return job;
}

function report(key: string, overrides: Partial<WorkReportPost> = {}): WorkReportPost {
  return {
    key,
    checklistKind: "caldera-gas",
    done: ["estanqueidad-gas", "purgado", "presion", "explicacion"],
    combustion: { co: "38", co2: "9,1", o2: "", flueTemp: "58,5", efficiency: "98,2" },
    serials: ["21334500100234567"],
    extras: [{ kind: "material", description: "Llave de corte de 3/4", quality: "Latón", quantity: "1", unit: "ud", unitPrice: "18,50" }],
    notes: "Caldera antigua retirada al punto limpio.",
    signerName: "Lucía Pérez",
    signerIdNumber: "12345678Z",
    signaturePath: "M 20 150 L 60 60 L 100 140 L 140 50",
    signedAt: new Date().toISOString(),
    photoIds: [],
    ...overrides,
  };
}

/** The JSON of an action's Response. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const response = (await run()) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch (thrown) {
    const settled = await settle(() => Promise.reject(thrown));
    return { status: settled.status, body: {} };
  }
}

const sendReport = (cookie: string, jobId: number, body: WorkReportPost) =>
  answer(() => reportAction(args(adminRequest(`/tecnico/trabajos/${jobId}/parte`, cookie, { parte: JSON.stringify(body) }), { id: String(jobId) })));

async function jpeg(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer(),
  );
}

function photoRequest(cookie: string, jobId: number, key: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("clave", key);
  form.append("foto", new Blob([bytes], { type: "image/jpeg" }), "caldera.jpg");
  return new Request(`${base()}/tecnico/trabajos/${jobId}/fotos`, { method: "POST", headers: { Cookie: cookie, Origin: base() }, body: form });
}

describe("the technician's work report", () => {
  // The scene: the owner, two technicians and a boiler of the catalogue.
  beforeAll(async () => {
    const { db } = await ready;
    owner = await adminCookie(db, OWNER);
    techs.ana = await technicianSession(db, "ana.parte@termoclima.test", "Ana Técnica");
    techs.bruno = await technicianSession(db, "bruno.parte@termoclima.test", "Bruno Técnico");
    const [boiler] = await db.select({ id: products.id }).from(products).where(eq(products.family, "calderas")).limit(1);
    boilerId = boiler!.id;
  });

  it("shows the form with one serial per unit and the gas boiler's checklist; starts the job", async () => {
    const { db } = await ready;
    const job = await scheduledJob(db, techs.ana.id, "Lucía Pérez");
    const page = await settle(() => technicianJobLoader(args(adminRequest(`/tecnico/trabajos/${job.jobId}`, techs.ana.cookie), { id: String(job.jobId) })));
    const data = page.data as { form: { units: unknown[]; suggestedKind: string; vatRate: number }; job: { canStart: boolean } };
    expect(data.form.units).toHaveLength(1);
    expect(data.form.suggestedKind).toBe("caldera-gas");
    expect(data.form.vatRate).toBe(21);
    expect(data.job.canStart).toBe(true);
    const started = await settle(() => technicianJobAction(args(adminRequest(`/tecnico/trabajos/${job.jobId}`, techs.ana.cookie, { intent: "start" }), { id: String(job.jobId) })));
    expect(started.data).toEqual({ ok: true, message: "Trabajo empezado." });
    expect((await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.jobId)))[0]!.status).toBe("en_curso");
    const bruno = await settle(() => technicianJobAction(args(adminRequest(`/tecnico/trabajos/${job.jobId}`, techs.bruno.cookie, { intent: "start" }), { id: String(job.jobId) })));
    expect(bruno.status).toBe(404);
  });

  it("keeps a report photo private: served to the job's technician and the owner, never at /imagenes/fotos", async () => {
    const { db } = await ready;
    const job = await scheduledJob(db, techs.ana.id, "Marta Foto");
    const key = "0b6f7a52-3c1d-4e8f-9a0b-1c2d3e4f5a6b";
    const bytes = await jpeg();
    const first = await answer(() => photosAction(args(photoRequest(techs.ana.cookie, job.jobId, key, bytes), { id: String(job.jobId) })));
    expect(first.status).toBe(200);
    const imageId = first.body.imageId as number;
    const again = await answer(() => photosAction(args(photoRequest(techs.ana.cookie, job.jobId, key, bytes), { id: String(job.jobId) })));
    expect(again.body.imageId, "la misma foto enviada dos veces se guarda una vez").toBe(imageId);
    const [stored] = await db.select({ private: images.private }).from(images).where(eq(images.id, imageId));
    expect(stored!.private).toBe(true);

    const file = `${imageId}-640.jpg`;
    expect((await settle(() => photoImageLoader(args(new Request(`${base()}/imagenes/fotos/${file}`), { file })))).status).toBe(404);
    const own = await settle(() => technicianPhotoLoader(args(adminRequest(`/tecnico/trabajos/${job.jobId}/fotos/${file}`, techs.ana.cookie), { id: String(job.jobId), file })));
    expect(own.status).toBe(200);
    const other = await settle(() => technicianPhotoLoader(args(adminRequest(`/tecnico/trabajos/${job.jobId}/fotos/${file}`, techs.bruno.cookie), { id: String(job.jobId), file })));
    expect(other.status).toBe(404);
    const brunoPhoto = await answer(() => photosAction(args(photoRequest(techs.bruno.cookie, job.jobId, key, bytes), { id: String(job.jobId) })));
    expect(brunoPhoto.status).toBe(404);
    // A catalogue photo, through the same pipeline, is still public there.
    const shopPhoto = await saveImage(db, await processImage(bytes), "escaparate.jpg");
    const shopFile = `${shopPhoto.imageId}-640.jpg`;
    expect((await settle(() => photoImageLoader(args(new Request(`${base()}/imagenes/fotos/${shopFile}`), { file: shopFile })))).status).toBe(200);

    const sent = await sendReport(techs.ana.cookie, job.jobId, report("7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6", { photoIds: [imageId] }));
    expect(sent.status).toBe(200);
    const adminPhoto = await settle(() =>
      import("~/routes/jobs/admin-job-report-photo").then(({ loader }) => loader(args(adminRequest(`/admin/trabajos/${job.jobId}/fotos/${file}`, owner), { id: String(job.jobId), file }))),
    );
    expect(adminPhoto.status).toBe(200);
    const page = await settle(() => technicianJobLoader(args(adminRequest(`/tecnico/trabajos/${job.jobId}`, techs.ana.cookie), { id: String(job.jobId) })));
    expect(JSON.stringify((page.data as { report: unknown }).report)).toContain(`/tecnico/trabajos/${job.jobId}/fotos/${imageId}-`);
  });

  it("stores a report sent twice with one key once, answers the same, records the units and ends the job", async () => {
    const { db } = await ready;
    const job = await scheduledJob(db, techs.ana.id, "Pablo Pérez");
    const key = "5a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d";
    const refusedBruno = await sendReport(techs.bruno.cookie, job.jobId, report(key));
    expect(refusedBruno.status).toBe(404);
    const missing = await sendReport(techs.ana.cookie, job.jobId, report(key, { serials: [""], combustion: { co: "", co2: "", o2: "", flueTemp: "", efficiency: "" } }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ "serials.0": expect.stringContaining("número de serie"), "combustion.co": "Escriba el CO (ppm)." });

    const first = await sendReport(techs.ana.cookie, job.jobId, report(key));
    const second = await sendReport(techs.ana.cookie, job.jobId, report(key, { notes: "otra cosa" }));
    expect(first).toEqual({ status: 200, body: { ok: true, reportId: expect.any(Number), message: expect.stringContaining("Parte firmado") } });
    expect(second).toEqual(first);
    const rows = await db.select().from(workReports).where(eq(workReports.jobId, job.jobId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content.notes).toBe("Caldera antigua retirada al punto limpio.");
    // 18,50 € of material at 21 %.
    expect(rows[0]!.extrasTotalCents).toBe(2239);

    const [state] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.jobId));
    expect(state!.status).toBe("terminado");
    const units = await db.select().from(installedUnits).where(eq(installedUnits.jobId, job.jobId));
    const today = madridDay(new Date());
    const plus = (months: number) => {
      const [y, m, d] = today.split("-").map(Number) as [number, number, number];
      const next = new Date(Date.UTC(y, m - 1 + months, 1));
      const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
      return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
    };
    expect(units).toEqual([
      expect.objectContaining({
        customerEmail: "pablo@example.com",
        productId: boilerId,
        serialNumber: "21334500100234567",
        installedOn: today,
        labourWarrantyUntil: plus(6),
        partsWarrantyUntil: plus(24),
        legalGuaranteeUntil: plus(36),
      }),
    ]);

    // The stored hash is the SHA-256 of the report's canonical text.
    const view = (await loadWorkReport(db, job.jobId))!;
    expect(rows[0]!.documentSha256).toBe(sha256(workReportText(reportFacts(view))));
    expect(workReportText(reportFacts(view))).toContain("Declaración: Acepto los trabajos adicionales por 22,39 € (IVA incluido)");

    // A second report of the same job with another key: refused, nothing changes.
    const other = await sendReport(techs.ana.cookie, job.jobId, report("9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a"));
    expect(other.status).toBe(409);
    expect(other.body.alreadyReported).toBe(true);
    expect(await db.select().from(workReports).where(eq(workReports.jobId, job.jobId))).toHaveLength(1);
  });

  it("stores a report sent twice at once once", async () => {
    const { db } = await ready;
    const job = await scheduledJob(db, techs.ana.id, "Irene Doble");
    const key = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    const both = await Promise.all([sendReport(techs.ana.cookie, job.jobId, report(key)), sendReport(techs.ana.cookie, job.jobId, report(key))]);
    expect(both[0]!.status).toBe(200);
    expect(both[1]).toEqual(both[0]);
    expect(await db.select().from(workReports).where(eq(workReports.jobId, job.jobId))).toHaveLength(1);
    expect(await db.select().from(installedUnits).where(eq(installedUnits.jobId, job.jobId))).toHaveLength(1);
  });

  it("e-mails the customer the signed report as a PDF, also served to the customer's link and the owner", async () => {
    const { db } = await ready;
    const job = await scheduledJob(db, techs.ana.id, "Carmen Correo");
    expect((await sendReport(techs.ana.cookie, job.jobId, report("2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901"))).status).toBe(200);
    const [entry] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ref, `trabajo:${job.jobId}`), sql`${outbox.payload}->>'subject' like '%parte de trabajo firmado%'`));
    const mail = entry!.payload as WorkReportMail;
    expect(mail.to).toBe("carmen@example.com");
    const composed = await withWorkReportPdf(db, mail);
    const pdf = composed.attachments?.find((a) => a.filename.endsWith(".pdf"));
    expect(pdf?.filename).toBe(`parte-${job.number}.pdf`);
    const text = await pdfText(Buffer.from(pdf!.content, "base64"));
    expect(text).toContain("PARTE DE TRABAJO");
    expect(text).toContain("21334500100234567");
    expect(text).toContain("Prueba de estanqueidad del gas");
    expect(text).toContain("CO2: 9,1 %");
    expect(text).toContain("Conforme con los trabajos realizados");
    expect(text).toContain((await db.select().from(workReports).where(eq(workReports.jobId, job.jobId)))[0]!.documentSha256.slice(0, 16));

    const [quote] = await db.select({ token: quotes.token }).from(quotes).where(eq(quotes.id, job.quoteId));
    const customer = await settle(() => customerPdfLoader(args(new Request(`${base()}/presupuestos/${quote!.token}/parte.pdf`), { token: quote!.token })));
    expect(customer.status).toBe(200);
    const admin = await settle(() => adminPdfLoader(args(adminRequest(`/admin/trabajos/${job.jobId}/parte.pdf`, owner), { id: String(job.jobId) })));
    expect(admin.status).toBe(200);
    const technicianAsAdmin = await settle(() => adminPdfLoader(args(adminRequest(`/admin/trabajos/${job.jobId}/parte.pdf`, techs.ana.cookie), { id: String(job.jobId) })));
    expect(technicianAsAdmin.status).toBe(404);
  });

  it("refuses extras that would break the 10 % VAT's materials test, and charges the others at 10 %", async () => {
    const { db } = await ready;
    // Labour only (180,00 €), accepted at 10 %: 150,00 € of material would be 45 % of the base.
    const job = await insertAcceptedJob(db, { customerName: "Rosa Reforma", email: "rosa@example.com", reducedVat: true });
    await db.update(jobs).set({ status: "en_curso", technicianId: techs.ana.id, startsAt: new Date(), endsAt: new Date(Date.now() + 3_600_000) }).where(eq(jobs.id, job.jobId));
    const material = (price: string) => [{ kind: "material" as const, description: "Radiador de aluminio", quality: "6 elementos", quantity: "1", unit: "ud", unitPrice: price }];
    const base = { checklistKind: "mantenimiento", done: ["revision"], serials: [], combustion: { co: "", co2: "", o2: "", flueTemp: "", efficiency: "" } };
    const refused = await sendReport(techs.ana.cookie, job.jobId, report("3c4d5e6f-7081-4293-a4b5-c6d7e8f90a1b", { ...base, extras: material("150,00") }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ extras: EXTRAS_BREAK_REDUCED_VAT });
    expect(await db.select().from(workReports).where(eq(workReports.jobId, job.jobId))).toHaveLength(0);
    const taken = await sendReport(techs.ana.cookie, job.jobId, report("3c4d5e6f-7081-4293-a4b5-c6d7e8f90a1b", { ...base, extras: material("50,00") }));
    expect(taken.status).toBe(200);
    const [row] = await db.select().from(workReports).where(eq(workReports.jobId, job.jobId));
    expect(row!.extrasTotalCents).toBe(5500);
  });

  it("reads the body before anything else: a body that is not a form is a 415 for anyone", async () => {
    const request = new Request(`${base()}/tecnico/trabajos/1/parte`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base() }, body: "{}" });
    const refused = await answer(() => reportAction(args(request, { id: "1" })));
    expect(refused.status).toBe(415);
    expect(String(refused.body.message)).toContain("formato");
  });
});
