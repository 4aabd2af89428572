import { asc, eq, inArray } from "drizzle-orm";
import { images } from "~/server/images/images-schema.server";
import { enforcePrivacyRetention } from "~/server/scheduled/maintenance.server";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { madridDay } from "~/domain/dates/madrid-dates";
import { warrantyEnds } from "~/domain/jobs/warranty";
import { REPAIR_MESSAGES } from "~/domain/repairs/repair-form";
import { action as repairAction, loader as repairLoader } from "~/routes/repairs/repair-request";
import { loader as equipmentLoader } from "~/routes/jobs/my-equipment";
import { loader as listLoader } from "~/routes/repairs/admin-repairs";
import { action as repairPageAction, loader as repairPageLoader } from "~/routes/repairs/admin-repair";
import { loader as repairPhotoLoader } from "~/routes/repairs/admin-repair-photo";
import { action as newRepairAction } from "~/routes/repairs/admin-repair-new";
import { user } from "~/server/accounts/accounts-schema.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { installedUnits } from "~/server/jobs/jobs-schema.server";
import { repairRequests } from "~/server/repairs/repairs-schema.server";
import { REPAIR_REPLIES } from "~/server/repairs/repair-action.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { signUp } from "../support/auth-utils";
import { insertAcceptedJob } from "../support/job-fixtures";

/*
 * Issue 31, breakdowns: reported from «Mis equipos» for a unit we installed (its guarantees say
 * what it will cost before sending), from the public form for any unit (the call-out fee), or
 * taken by the owner on the phone; photos through the image pipeline; bad input a Spanish 4xx;
 * the owner's list, page, photos and state.
 */
const ready = setupTestDatabase();
process.env.PUBLIC_BASE_URL = "https://tienda.example";
process.env.CONTACT_RATE_LIMIT = "1000";
resetConfigForTests();
afterAll(() => {
  for (const name of ["PUBLIC_BASE_URL", "CONTACT_RATE_LIMIT"]) delete process.env[name];
  resetConfigForTests();
});

const BASE = "https://tienda.example";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const photo = () => sharp({ create: { width: 1200, height: 900, channels: 3, background: "#aa3322" } }).jpeg().toBuffer();

function post(fields: Record<string, string>, { cookie = "", files = [] as { name: string; bytes: Buffer; type: string }[] } = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  for (const file of files) body.append("fotos", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request(`${BASE}/averias`, { method: "POST", body, headers: { Origin: BASE, ...(cookie ? { Cookie: cookie } : {}) } });
}

const contact = { name: "Carmen Ortega Ruiz", phone: "600 111 222", email: "carmen.averia@example.com", address: "Calle de Toledo 20, 3º B", postcode: "28005", town: "Madrid" };
const report = { problem: "No enciende y la pantalla marca F28 desde esta mañana.", urgency: "urgente", availability: "Mañanas, de 9 a 14" };

async function mailsOf(repairId: number) {
  const { db } = await ready;
  return (await db.select().from(outbox).where(eq(outbox.ref, `averia:${repairId}`)).orderBy(asc(outbox.id))).map((row) => ({ kind: row.kind, ...(row.payload as { to?: string; subject?: string; text?: string; title?: string }) }));
}

describe("a breakdown reported", () => {
  it("from «Mis equipos»: the unit, its legal guarantee and no call-out fee said before sending; sent with a photo", async () => {
    const { db } = await ready;
    const email = "carmen.averia@example.com";
    const [boiler] = await db.select().from(products).where(eq(products.family, "calderas")).orderBy(asc(products.id)).limit(1);
    const job = await insertAcceptedJob(db, { email, productId: boiler!.id });
    const installedOn = madridDay(new Date(Date.now() - 400 * 86_400_000));
    const [unit] = await db
      .insert(installedUnits)
      .values({ jobId: job.jobId, customerEmail: email, productId: boiler!.id, brand: "Saunier Duval", model: "Thema Condens 25", serialNumber: "SD-2611-0042", installedOn, ...warrantyEnds(installedOn, "12345678Z") })
      .returning();
    const cookie = await signUp(email, "contraseña-segura-1", "Carmen Ortega Ruiz");
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));

    const page = (await repairLoader(args(new Request(`${BASE}/averias?equipo=${unit!.id}`, { headers: { Cookie: cookie } })))) as { unit: { name: string }; coverage: string; guarantees: string[]; prefill: Record<string, string> };
    expect(page.unit.name).toBe("Saunier Duval Thema Condens 25");
    expect(page.coverage).toMatch(/^Su equipo está en garantía legal hasta el/);
    expect(page.guarantees).toEqual([expect.stringMatching(/^Garantía de la instalación: hasta el/), expect.stringMatching(/^Garantía de piezas/), expect.stringMatching(/^Garantía legal del equipo/)]);
    expect(page.prefill).toMatchObject({ email, address: "Calle de Alcalá 100, 3º B" });

    const picture = await photo();
    const sent = await settle(() => repairAction(args(post({ ...contact, ...report, equipo: String(unit!.id) }, { cookie, files: [{ name: "caldera.jpg", bytes: picture, type: "image/jpeg" }] }))));
    expect(sent).toMatchObject({ status: 200, data: { ok: true, reference: expect.stringMatching(/^AV-\d{6}$/) } });
    const [row] = await db.select().from(repairRequests).where(eq(repairRequests.installedUnitId, unit!.id));
    expect(row).toMatchObject({ source: "mis-equipos", family: "calderas", serialNumber: "SD-2611-0042", urgency: "urgente", state: "nueva", coverage: { kind: "garantia-legal", callOutCents: 0 } });
    expect(row!.photoIds).toHaveLength(1);
    const mails = await mailsOf(row!.id);
    expect(mails.find((mail) => mail.to === email)?.text).toContain("garantía legal");
    expect(mails.find((mail) => mail.kind === "email" && mail.to !== email)?.subject).toMatch(/avería URGENTE AV-\d{6} de Carmen Ortega Ruiz \(Madrid\)/);
    expect(mails.some((mail) => mail.kind !== "email" && /Avería URGENTE/.test(mail.title ?? ""))).toBe(true);

    // «Mis equipos» lists it, with where it stands and what it costs.
    const mine = (await equipmentLoader(args(new Request(`${BASE}/login/equipos`, { headers: { Cookie: cookie } })))) as { repairs: { reference: string; state: string; cost: string }[] };
    expect(mine.repairs).toEqual([expect.objectContaining({ reference: (sent.data as { reference: string }).reference, state: "nueva", cost: expect.stringContaining("garantía legal") })]);

    // Someone else's unit, or a session without a proven address: not theirs.
    const stranger = await signUp("otra.persona.averia@example.com", "contraseña-segura-1", "Otra");
    const refused = await settle(() => repairAction(args(post({ ...contact, ...report, equipo: String(unit!.id) }, { cookie: stranger }))));
    expect(refused).toMatchObject({ status: 404, data: { ok: false, error: REPAIR_REPLIES.unit } });
  });

  it("from the public form: the call-out fee said; bad input, a file that is no picture and the honeypot get a Spanish 400", async () => {
    const { db } = await ready;
    const page = (await repairLoader(args(new Request(`${BASE}/averias`)))) as { unit: unknown; coverage: string };
    expect(page.unit).toBeNull();
    expect(page.coverage).toMatch(/^El desplazamiento y el diagnóstico cuestan 48,40.€/);

    const bad = await settle(() => repairAction(args(post({ ...contact, ...report, phone: "12", problem: "", family: "" }))));
    expect(bad).toMatchObject({ status: 400, data: { ok: false, error: REPAIR_MESSAGES.summary, errors: { phone: expect.any(String), problem: REPAIR_MESSAGES.problem, family: REPAIR_MESSAGES.family }, values: { name: contact.name } } });
    const notPicture = await settle(() =>
      repairAction(args(post({ ...contact, ...report, family: "aires" }, { files: [{ name: "foto.jpg", bytes: Buffer.from("<html><script>alert(1)</script></html>"), type: "image/jpeg" }] }))),
    );
    expect(notPicture).toMatchObject({ status: 400, data: { ok: false, errors: { fotos: expect.stringMatching(/^La foto /) } } });
    const bot = await settle(() => repairAction(args(post({ ...contact, ...report, family: "aires", web: "http://spam.example" }))));
    expect(bot).toMatchObject({ status: 400, data: { ok: false, error: REPAIR_REPLIES.spam } });
    const before = (await db.select().from(repairRequests)).length;
    const ok = await settle(() => repairAction(args(post({ ...contact, ...report, family: "aires", brand: "Daikin", urgency: "normal" }))));
    expect(ok).toMatchObject({ status: 200, data: { ok: true } });
    const rows = await db.select().from(repairRequests).orderBy(asc(repairRequests.id));
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ source: "web", family: "aires", brand: "Daikin", installedUnitId: null, coverage: { kind: "ninguna", callOutCents: 4840 } });
  });

  it("the owner's list (urgent new ones first), page, photos and state; one taken by phone, without e-mail, writes no mail to the shop", async () => {
    const { db } = await ready;
    const cookie = await adminCookie(db, "duena-averias@termoclima.test");
    const list = (await listLoader(args(adminRequest("/admin/averias", cookie)))) as { rows: { id: number; urgent: boolean; reference: string }[] };
    expect(list.rows[0]!.urgent).toBe(true);
    const urgent = list.rows[0]!;
    const page = (await repairPageLoader(args(adminRequest(`/admin/averias/${urgent.id}`, cookie), { id: String(urgent.id) }))) as { photos: { src: string }[] };
    expect(page.photos).toHaveLength(1);
    const file = page.photos[0]!.src.split("/").pop()!;
    const image = (await repairPhotoLoader(args(adminRequest(page.photos[0]!.src, cookie), { id: String(urgent.id), file }))) as Response;
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    const other = list.rows.find((row) => row.id !== urgent.id)!;
    expect(await settle(() => repairPhotoLoader(args(adminRequest(`/admin/averias/${other.id}/fotos/${file}`, cookie), { id: String(other.id), file })))).toMatchObject({ status: 404 });

    const saved = await settle(() => repairPageAction(args(adminRequest(`/admin/averias/${urgent.id}`, cookie, { state: "atendida", notas: "Vamos el lunes a las 9." }), { id: String(urgent.id) })));
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "Guardado: «Atendida»." } });
    expect(await settle(() => repairPageAction(args(adminRequest(`/admin/averias/${urgent.id}`, cookie, { state: "cerrada" }), { id: String(urgent.id) })))).toMatchObject({ status: 400 });

    const body = new FormData();
    for (const [key, value] of Object.entries({ ...contact, email: "", ...report, family: "aerotermia", urgency: "normal" })) body.set(key, value);
    const phone = await settle(() => newRepairAction(args(new Request(`${BASE}/admin/averias/nueva`, { method: "POST", body, headers: { Cookie: cookie, Origin: BASE } }))));
    expect(phone).toMatchObject({ status: 303, location: expect.stringMatching(/^\/admin\/averias\/\d+$/) });
    const id = Number(phone.location!.split("/").pop());
    const [taken] = await db.select().from(repairRequests).where(eq(repairRequests.id, id));
    expect(taken).toMatchObject({ source: "telefono", takenBy: "duena-averias@termoclima.test", customerEmail: "", family: "aerotermia" });
    expect(await mailsOf(id)).toEqual([]);
  });

  it("after three years (the privacy policy's period) a breakdown goes, with its photos and e-mails", async () => {
    const { db } = await ready;
    const now = new Date();
    const [old] = await db.select().from(repairRequests).where(eq(repairRequests.customerEmail, "carmen.averia@example.com")).orderBy(asc(repairRequests.id)).limit(1);
    await db.update(repairRequests).set({ createdAt: new Date(now.getTime() - (3 * 365 + 1) * 86_400_000) }).where(eq(repairRequests.id, old!.id));
    const line = await enforcePrivacyRetention(db, now);
    expect(line).toContain("avisos de avería de más de tres años: 1");
    expect(await db.select().from(repairRequests).where(eq(repairRequests.id, old!.id))).toEqual([]);
    expect(await db.select().from(images).where(inArray(images.id, old!.photoIds))).toEqual([]);
    expect(await mailsOf(old!.id)).toEqual([]);
  });
});
