import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { madridDay } from "~/domain/dates/madrid-dates";
import { warrantyEnds } from "~/domain/jobs/warranty";
import { coverageOf } from "~/domain/repairs/repair-coverage";
import { REPAIR_REPORT_MESSAGES } from "~/domain/repairs/repair-report-form";
import { action as repairAdminAction } from "~/routes/repairs/admin-repair";
import { action as repairFormAction, loader as repairFormLoader } from "~/routes/repairs/repair-request";
import { action as repairPageAction, loader as repairPageLoader } from "~/routes/repairs/repair-page";
import { loader as reportPdfLoader } from "~/routes/jobs/work-report-pdf";
import { loader as invoicePdfLoader } from "~/routes/invoices/job-invoice-pdf";
import { loader as payLoader } from "~/routes/payments/job-payment";
import { loader as technicianJobLoader } from "~/routes/jobs/technician-job";
import { action as reportAction } from "~/routes/jobs/technician-job-report";
import { redsysConfig, resetConfigForTests } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { outbox } from "~/server/db/shared-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { installedUnits, jobCharges, jobs } from "~/server/jobs/jobs-schema.server";
import { moveJob } from "~/server/jobs/job-changes.server";
import { REPAIR_ENDS_WITH_REPORT } from "~/server/jobs/job-changes.server";
import { paymentAttempts } from "~/server/payments/payments-schema.server";
import { handleNotification } from "~/server/payments/notification.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";
import { createRepairRequest, type NewRepair } from "~/server/repairs/repair-requests.server";
import { repairRequests } from "~/server/repairs/repairs-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";
import { insertAcceptedJob } from "../support/job-fixtures";
import { pdfText } from "../support/pdf-text";
import { enableTestRedsys, notification } from "../support/redsys-notify";
import { insertProduct } from "../support/transfer-orders";

/*
 * Issue 31, the repair of a breakdown: the owner opens a job without a written quote; the
 * technician's report records the diagnosis, a part from stock and the labour; the cause found
 * and the request's coverage decide what is charged; the customer signs the amount shown (the
 * server refuses another); the invoice follows (VERI*FACTU chain like every job's) and is paid
 * from the breakdown's page; a covered repair costs nothing and a unit past repair asks for
 * its replacement's quote.
 */
const ready = setupTestDatabase();
enableTestRedsys({ PUBLIC_BASE_URL: "https://tienda.example", QUOTE_RATE_LIMIT: "1000", CONTACT_RATE_LIMIT: "1000" });
const BASE = "https://tienda.example";
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;

let db: Database;
let cookie: string;
beforeAll(async () => {
  db = (await ready).db;
  cookie = await adminCookie(db);
});
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

const contact = { name: "Marta Gil Sanz", phone: "600 222 333", email: "marta.reparacion@example.com", address: "Calle de Embajadores 40, 2º A", postcode: "28012", town: "Madrid" };

async function newRepair(fields: Partial<NewRepair> = {}) {
  return createRepairRequest(db, {
    contact,
    unit: { installedUnitId: null, planId: null, family: "calderas", brand: "Junkers", model: "Cerapur 25", serialNumber: "JK-998" },
    problem: "La caldera pierde presión cada día y hay que rellenarla.",
    urgency: "normal",
    availability: "Tardes",
    photoIds: [],
    coverage: coverageOf(null, madridDay(new Date()), 4840),
    source: "web",
    takenBy: null,
    ...fields,
  });
}

/** The owner presses «Crear el trabajo de reparación»; then the job is scheduled with a technician. */
async function openAndSchedule(repairId: number, technicianEmail: string, existing?: number) {
  const opened = await settle(() => repairAdminAction(args(adminRequest(`/admin/averias/${repairId}`, cookie, { intent: "trabajo" }), { id: String(repairId) })));
  expect(opened).toMatchObject({ status: 303 });
  const jobId = Number(/\/admin\/trabajos\/(\d+)$/.exec(opened.location!)![1]);
  if (existing) expect(jobId).toBe(existing);
  const tech = await technicianSession(db, technicianEmail, "Pedro Técnico");
  const startsAt = new Date(Date.now() + 3_600_000);
  await db.update(jobs).set({ status: "programado", technicianId: tech.id, startsAt, endsAt: new Date(startsAt.getTime() + 7_200_000) }).where(eq(jobs.id, jobId));
  return { jobId, tech, cookie };
}

function reportBody(fields: { repair: Record<string, unknown>; extras?: unknown[] }) {
  return {
    key: randomUUID(),
    checklistKind: "mantenimiento",
    done: ["revision", "prueba"],
    combustion: {},
    serials: [],
    extras: fields.extras ?? [],
    notes: "",
    repair: fields.repair,
    signerName: contact.name,
    signerIdNumber: "12345678Z",
    signaturePath: "M 20 150 L 60 60 L 100 140 L 140 50",
    signedAt: new Date().toISOString(),
    photoIds: [],
  };
}

async function sendReport(jobId: number, cookie: string, body: unknown) {
  const response = (await reportAction(args(adminRequest(`/tecnico/trabajos/${jobId}/parte`, cookie, { parte: JSON.stringify(body) }), { id: String(jobId) }))) as Response;
  return { status: response.status, body: (await response.json()) as { ok: boolean; message: string; errors?: Record<string, string> } };
}

describe("a repair job from a breakdown", () => {
  it("is opened once from the breakdown, reported with a part from stock and labour, invoiced and paid from the breakdown's page", async () => {
    const repair = await newRepair();
    const part = await insertProduct(db, { stock: 3, model: "Termostato de repuesto" });
    const { jobId, tech } = await openAndSchedule(repair.id, "pedro.reparaciones@termoclima.test");
    // Pressing twice opens it once.
    const again = await settle(() => repairAdminAction(args(adminRequest(`/admin/averias/${repair.id}`, cookie, { intent: "trabajo" }), { id: String(repair.id) })));
    expect(again.location).toBe(`/admin/trabajos/${jobId}`);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ kind: "reparacion", quoteId: null, title: `Avería AV-${String(repair.id).padStart(6, "0")}`, repair: { requestId: repair.id, token: repair.token } });
    expect((await db.select().from(repairRequests).where(eq(repairRequests.id, repair.id)))[0]).toMatchObject({ state: "atendida", jobId });
    // The owner cannot mark it done by hand: its bill is the report.
    expect(await moveJob(db, { id: "o", email: "duena@termoclima.test", name: "Dueña", sessionToken: "x" }, jobId, "en_curso")).toMatchObject({ ok: true });
    expect(await moveJob(db, { id: "o", email: "duena@termoclima.test", name: "Dueña", sessionToken: "x" }, jobId, "terminado")).toMatchObject({ ok: false, error: REPAIR_ENDS_WITH_REPORT });

    // The technician's page offers the parts in stock and says what the customer was told.
    const page = (await technicianJobLoader(args(adminRequest(`/tecnico/trabajos/${jobId}`, tech.cookie), { id: String(jobId) }))) as { form: { repair: { parts: { id: number; unitBaseCents: number }[]; coverageText: string; callOutCents: number } } };
    expect(page.form.repair.callOutCents).toBe(4840);
    expect(page.form.repair.parts).toContainEqual(expect.objectContaining({ id: part.id, unitBaseCents: 8182 }));

    const labour = { kind: "mano_de_obra", description: "Cambio del termostato y purgado", quality: "", quantity: "1", unit: "h", unitPrice: "45,00" };
    const repairFields = { diagnosis: "Termostato averiado y aire en el circuito; se cambia y se purga.", cause: "desgaste", parts: [{ productId: String(part.id), quantity: "1" }], replacement: false, reducedVat: true, invoiceNif: "12345678z", shownTotalCents: 0 };
    // Bad input: a Spanish 400 per field.
    const missing = await sendReport(jobId, tech.cookie, reportBody({ repair: { ...repairFields, diagnosis: "", cause: "otra" } }));
    expect(missing).toMatchObject({ status: 400, body: { errors: { "repair.diagnosis": REPAIR_REPORT_MESSAGES.diagnosis, "repair.cause": REPAIR_REPORT_MESSAGES.cause } } });
    // call-out 40,00 + labour 45,00 + part 81,82 = 166,82 base; materials 49 % of it, so 21 % even though the customer confirmed: 201,85.
    const wrong = await sendReport(jobId, tech.cookie, reportBody({ repair: { ...repairFields, shownTotalCents: 18_354 }, extras: [labour] }));
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toContain("201,85");
    expect((await db.select().from(products).where(eq(products.id, part.id)))[0]!.stock).toBe(3);

    const stored = await sendReport(jobId, tech.cookie, reportBody({ repair: { ...repairFields, shownTotalCents: 20_185 }, extras: [labour] }));
    expect(stored).toMatchObject({ status: 200, body: { ok: true } });
    expect((await db.select().from(products).where(eq(products.id, part.id)))[0]!.stock).toBe(2);
    const [done] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(done).toMatchObject({ status: "terminado", customer: expect.objectContaining({ nif: "12345678Z" }) });

    // The invoice: the call-out, the labour and the part, at 21 %.
    const [charge] = await db.select().from(jobCharges).where(eq(jobCharges.jobId, jobId));
    expect(charge).toMatchObject({ kind: "final", amountCents: 20_185, state: "pendiente" });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id));
    expect(invoice).toMatchObject({ series: "F", baseCents: 16_682, vatRate: 21, totalCents: 20_185, buyer: expect.objectContaining({ name: contact.name, nif: "12345678Z" }) });
    expect(invoice!.lines.map((line) => [line.description, line.baseCents])).toEqual([
      ["Desplazamiento y diagnóstico", 4_000],
      ["Cambio del termostato y purgado", 4_500],
      ["Honeywell Termostato de repuesto", 8_182],
    ]);
    const mails = (await db.select().from(outbox).where(and(eq(outbox.ref, `trabajo:${jobId}`), eq(outbox.kind, "email"))).orderBy(asc(outbox.id))).map((row) => row.payload as { to: string; subject: string; text: string });
    const invoiceMail = mails.find((mail) => mail.subject.includes(invoice!.number));
    expect(invoiceMail).toMatchObject({ to: contact.email, subject: expect.stringContaining("de la avería AV-") });
    expect(invoiceMail!.text).toContain(`${BASE}/averias/${repair.token}`);
    expect(mails.find((mail) => mail.subject.includes("parte de la reparación"))!.text).toContain(`${BASE}/averias/${repair.token}`);

    // The breakdown's page: the money due, the invoice, the report; paying by card goes to Redsys's form.
    const view = await repairPageLoader(args(new Request(`${BASE}/averias/${repair.token}`), { token: repair.token }));
    expect(view.money).toMatchObject({ due: { kind: "final", amountCents: 20_185 }, reportSigned: true, transfer: { concept: `AV-${String(repair.id).padStart(6, "0")}` } });
    const pdf = (await reportPdfLoader(args(new Request(`${BASE}/averias/${repair.token}/parte.pdf`), { token: repair.token }))) as Response;
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("PARTE DE REPARACIÓN");
    expect(text).toContain("Diagnóstico: Termostato averiado");
    expect(text).toContain("Acepto el importe de la reparación: 201,85");
    const invoicePdf = (await invoicePdfLoader(args(new Request(`${BASE}/averias/${repair.token}/facturas/${invoice!.number}`), { token: repair.token, invoice: invoice!.number }))) as Response;
    expect(invoicePdf.status).toBe(200);
    // The same invoice by a quote's address with this token, or by another breakdown's token: 404.
    expect((await settle(() => invoicePdfLoader(args(new Request(`${BASE}/presupuestos/${repair.token}/facturas/${invoice!.number}`), { token: repair.token, invoice: invoice!.number })))).status).toBe(404);
    const other = await newRepair();
    expect((await settle(() => invoicePdfLoader(args(new Request(`${BASE}/averias/${other.token}/facturas/${invoice!.number}`), { token: other.token, invoice: invoice!.number })))).status).toBe(404);

    const body = new URLSearchParams({ intent: "pagar", cargo: String(charge!.id), metodo: "tarjeta" });
    const paying = await settle(() => repairPageAction(args(new Request(`${BASE}/averias/${repair.token}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", Origin: BASE } }), { token: repair.token })));
    expect(paying.location).toMatch(new RegExp(`^/averias/${repair.token}/pago\\?intento=`));
    const code = new URL(paying.location!, BASE).searchParams.get("intento")!;
    const form = await payLoader(args(new Request(`${BASE}${paying.location}`), { token: repair.token }));
    expect(form).toMatchObject({ ready: true, amountCents: 20_185, reference: `AV-${String(repair.id).padStart(6, "0")}` });
    // Another breakdown's page does not open this attempt.
    expect((await settle(() => payLoader(args(new Request(`${BASE}/averias/${other.token}/pago?intento=${code}`), { token: other.token })))).status).toBe(404);
    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.code, code));
    expect(await handleNotification(db, redsysConfig()!, notification({ code, amountCents: attempt!.amountCents }), new Date())).toMatchObject({ outcome: "pagado" });
    expect((await db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!.status).toBe("cobrado");
    expect(await db.select().from(invoices).where(eq(invoices.jobChargeId, charge!.id))).toHaveLength(1);
  });

  it("covered by the legal guarantee for a defect: nothing charged, no invoice, paid; past repair, the replacement's quote is asked", async () => {
    const today = madridDay(new Date());
    const installer = await insertAcceptedJob(db, { email: contact.email });
    const [unit] = await db
      .insert(installedUnits)
      .values({ jobId: installer.jobId, customerEmail: contact.email, brand: "Junkers", model: "Cerapur 25", serialNumber: "JK-1000", installedOn: today, ...warrantyEnds(today, ""), createdAt: new Date() })
      .returning();
    const cover = coverageOf({ labourWarrantyUntil: unit!.labourWarrantyUntil, partsWarrantyUntil: unit!.partsWarrantyUntil, legalGuaranteeUntil: unit!.legalGuaranteeUntil, plan: null }, today, 4840);
    expect(cover.kind).toBe("garantia-legal");
    const repair = await newRepair({ unit: { installedUnitId: unit!.id, planId: null, family: "calderas", brand: "Junkers", model: "Cerapur 25", serialNumber: "JK-1000" }, coverage: cover });
    const { jobId, tech } = await openAndSchedule(repair.id, "pedro.garantias@termoclima.test");
    const labour = { kind: "mano_de_obra", description: "Diagnóstico del intercambiador", quality: "", quantity: "1", unit: "h", unitPrice: "45,00" };
    const stored = await sendReport(
      jobId,
      tech.cookie,
      reportBody({
        extras: [labour],
        repair: { diagnosis: "Intercambiador perforado de fábrica: no compensa repararlo.", cause: "defecto", parts: [], replacement: true, reducedVat: false, invoiceNif: "", shownTotalCents: 0 },
      }),
    );
    expect(stored).toMatchObject({ status: 200 });
    expect(await db.select().from(jobCharges).where(eq(jobCharges.jobId, jobId))).toEqual([]);
    expect((await db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!.status).toBe("cobrado");
    const [asked] = await db.select().from(contactRequests).where(eq(contactRequests.sourcePage, `/admin/trabajos/${jobId}`));
    expect(asked).toMatchObject({ nameAndSurname: contact.name, email: contact.email, address: contact.address });
    expect(asked!.message).toContain("Intercambiador perforado de fábrica");
    const view = await repairPageLoader(args(new Request(`${BASE}/averias/${repair.token}`), { token: repair.token }));
    expect(view.money).toMatchObject({ due: null, reportSigned: true, invoices: [] });
  });

  it("the call-out paid online with the breakdown: its job opens at once, the fee is invoiced apart (once the NIF is known) and the repair does not charge it again", async () => {
    expect(await repairFormLoader(args(new Request(`${BASE}/averias`), {}))).toMatchObject({ payNow: true });
    const body = new FormData();
    for (const [key, value] of Object.entries({ ...contact, email: "luis.desplazamiento@example.com", family: "aires", brand: "Mitsubishi", model: "MSZ-HR35", serial: "", problem: "El aire no enfría y la unidad exterior hace ruido.", urgency: "normal", availability: "", pago: "bizum" })) body.set(key, value);
    const sent = await settle(() => repairFormAction(args(new Request(`${BASE}/averias`, { method: "POST", body, headers: { Origin: BASE } }), {})));
    expect(sent.status).toBe(303);
    const [repair] = await db.select().from(repairRequests).where(eq(repairRequests.customerEmail, "luis.desplazamiento@example.com"));
    expect(sent.location).toMatch(new RegExp(`^/averias/${repair!.token}/pago\\?intento=`));
    // Opened at once, still to arrange: the breakdown stays «Nueva» for the owner.
    expect(repair).toMatchObject({ state: "nueva", jobId: expect.any(Number) });
    const jobId = repair!.jobId!;
    const [advance] = await db.select().from(jobCharges).where(eq(jobCharges.jobId, jobId));
    expect(advance).toMatchObject({ kind: "senal", amountCents: 4840, state: "pendiente" });
    const form = await payLoader(args(new Request(`${BASE}${sent.location}`), { token: repair!.token }));
    expect(form).toMatchObject({ ready: true, what: "Desplazamiento y diagnóstico", method: "bizum", amountCents: 4840 });
    const code = new URL(sent.location!, BASE).searchParams.get("intento")!;
    expect(await handleNotification(db, redsysConfig()!, notification({ code, amountCents: 4840 }), new Date())).toMatchObject({ outcome: "pagado" });
    // Paid, but no NIF yet: the invoice waits (the shop is told).
    expect(await db.select().from(invoices).where(eq(invoices.jobChargeId, advance!.id))).toEqual([]);
    const view = await repairPageLoader(args(new Request(`${BASE}/averias/${repair!.token}`), { token: repair!.token }));
    expect(view.money?.charges).toEqual([expect.objectContaining({ label: "Desplazamiento y diagnóstico", state: "pagado", paidWord: "pagado" })]);

    const { tech } = await openAndSchedule(repair!.id, "pedro.aires@termoclima.test", jobId);
    const labour = { kind: "mano_de_obra", description: "Limpieza del ventilador exterior", quality: "", quantity: "1", unit: "h", unitPrice: "45,00" };
    // 45,00 + 21 % = 54,45: the call-out is not charged again.
    const stored = await sendReport(jobId, tech.cookie, reportBody({ extras: [labour], repair: { diagnosis: "Aspas del ventilador con suciedad: limpieza y prueba.", cause: "desgaste", parts: [], replacement: false, reducedVat: false, invoiceNif: "12345678Z", shownTotalCents: 5_445 } }));
    expect(stored).toMatchObject({ status: 200 });
    const issued = await db.select().from(invoices).innerJoin(jobCharges, eq(jobCharges.id, invoices.jobChargeId)).where(eq(jobCharges.jobId, jobId)).orderBy(asc(invoices.id));
    expect(issued.map(({ invoices: invoice }) => [invoice.lines.map((line) => line.description), invoice.totalCents])).toEqual([
      [[`Desplazamiento y diagnóstico de la avería AV-${String(repair!.id).padStart(6, "0")}`], 4_840],
      [["Limpieza del ventilador exterior"], 5_445],
    ]);
  });

  it("a covered unit asks nothing online: the breakdown is stored and no job opens", async () => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ ...contact, email: "sin.pago@example.com", family: "calderas", brand: "", model: "", serial: "", problem: "Gotea por debajo de la caldera.", urgency: "normal", availability: "", pago: "bizum" })) body.set(key, value);
    // The public form's coverage is the call-out fee: with it at 0 (a setting), nothing is paid online.
    process.env.REPAIR_CALL_OUT_CENTS = "0";
    resetConfigForTests();
    try {
      expect(await repairFormLoader(args(new Request(`${BASE}/averias`), {}))).toMatchObject({ payNow: false });
      const sent = (await repairFormAction(args(new Request(`${BASE}/averias`, { method: "POST", body, headers: { Origin: BASE } }), {}))) as { data: { ok: boolean } };
      expect(sent.data).toMatchObject({ ok: true });
    } finally {
      delete process.env.REPAIR_CALL_OUT_CENTS;
      resetConfigForTests();
    }
    const [repair] = await db.select().from(repairRequests).where(eq(repairRequests.customerEmail, "sin.pago@example.com"));
    expect(repair).toMatchObject({ jobId: null, state: "nueva" });
  });

  it("a cancelled breakdown opens no job; an unknown token is the ordinary 404", async () => {
    const repair = await newRepair();
    await db.update(repairRequests).set({ state: "anulada" }).where(eq(repairRequests.id, repair.id));
    const refused = await settle(() => repairAdminAction(args(adminRequest(`/admin/averias/${repair.id}`, cookie, { intent: "trabajo" }), { id: String(repair.id) })));
    expect(refused.status).toBe(409);
    expect((await settle(() => repairPageLoader(args(new Request(`${BASE}/averias/${"x".repeat(43)}`), { token: "x".repeat(43) })))).status).toBe(404);
    expect((await settle(() => repairPageLoader(args(new Request(`${BASE}/averias/nada`), { token: "nada" })))).status).toBe(404);
  });
});
