import { and, eq, sql } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuoteDraft, QuoteParty } from "~/domain/quotes/quote-content";
import { quoteDocumentText } from "~/domain/quotes/quote-document-text";
import { emptyDraft } from "~/domain/quotes/quote-editor-form";
import { action as pageAction, loader as pageLoader } from "~/routes/quotes/quote-page";
import { loader as pdfLoader } from "~/routes/quotes/quote-pdf";
import { action as editorAction } from "~/routes/quotes/admin-quote-editor";
import { resetConfigForTests } from "~/server/config.server";
import { jobs, outbox, products, quoteResponses, quotes, quoteVersions } from "~/server/db/schema.server";
import { acceptQuote, answerQuote } from "~/server/quotes/quote-answers.server";
import { withQuotePdf, type QuoteMail } from "~/server/quotes/quote-emails.server";
import { runQuoteReminders } from "~/server/quotes/quote-reminders.server";
import { documentSha256, sendQuote } from "~/server/quotes/quote-send.server";
import { takeSequence } from "~/server/numbering.server";
import { createQuote, saveDraft, versionOf } from "~/server/quotes/quote-store.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { pdfText } from "../support/pdf-text";

/*
 * Written quotes (issue 17) against a real database: numbering, frozen versions and answers,
 * expiry, acceptance (once, with the job holding the units), the hash, the PDF, the reminder,
 * and the customer's page through its loader and action.
 */
const ready = setupTestDatabase();
const ENV = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "presupuestos-")), PUBLIC_BASE_URL: "https://tienda.example", SHOP_INSTALLER_REGISTRY: "28-EI-123456" };
const OWNER = { email: "admin-presupuestos@termoclima.test" };
let cookie = "";
let productId = 0;

beforeAll(async () => {
  Object.assign(process.env, ENV);
  resetConfigForTests();
  const { db } = await ready;
  cookie = await adminCookie(db, OWNER.email);
  const [product] = await db.select({ id: products.id }).from(products).where(sql`${products.stock} >= 5`).limit(1);
  productId = product!.id;
});
afterAll(() => {
  for (const name of Object.keys(ENV)) delete process.env[name];
  resetConfigForTests();
});
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

const customer: QuoteParty = { name: "Ana Pérez", nif: "", email: "ana.presupuesto@example.com", phone: "600 000 000", address: "Calle Mayor 1", postcode: "28013", town: "Madrid", province: "Madrid" };
const place = { address: "Calle Mayor 1", postcode: "28013", town: "Madrid", province: "Madrid" };

function draft(over: Partial<QuoteDraft> = {}): QuoteDraft {
  return {
    ...emptyDraft(),
    description: "Cambio de caldera",
    deposit: { kind: "porcentaje", percent: 30 },
    alternatives: [
      { key: "A", title: "Básica", lines: [{ kind: "mano_de_obra", productId: null, description: "Instalación", quality: "", quantityMilli: 4000, unit: "h", unitCents: 4500, used: false }] },
      {
        key: "B",
        title: "Con equipo",
        lines: [
          { kind: "producto", productId, description: "Equipo del catálogo", quality: "Nuevo", quantityMilli: 2000, unit: "ud", unitCents: 50000, used: false },
          { kind: "mano_de_obra", productId: null, description: "Instalación", quality: "", quantityMilli: 5000, unit: "h", unitCents: 4500, used: false },
        ],
      },
    ],
    ...over,
  };
}

async function sentQuote(over: Partial<QuoteDraft> = {}, now = new Date()) {
  const { db } = await ready;
  const quote = await createQuote(db, OWNER, { customer, workPlace: place, draft: draft(over) }, now);
  const sent = await sendQuote(db, OWNER, quote.id, now);
  if (!sent.ok) throw new Error(sent.message);
  const version = (await versionOf(db, quote.id, sent.version))!;
  return { quote: sent.quote, version };
}

const who = { ip: "203.0.113.7", userAgent: "Prueba/1.0" };
const acceptInput = (version: { version: number; documentSha256: string }, over: Record<string, unknown> = {}) => ({
  version: version.version,
  documentSha256: version.documentSha256,
  alternative: "B" as const,
  fullName: "Ana Pérez",
  signaturePath: "M 10 10 L 50 60 L 90 20",
  typedSignature: "",
  statement: "on" as const,
  ...over,
});

describe("numbers", () => {
  it("P-numbers without gaps in one process, even with creations at once and one rolled back", async () => {
    const { db } = await ready;
    const now = new Date("2031-03-01T10:00:00Z");
    const made = await Promise.all(Array.from({ length: 8 }, () => createQuote(db, OWNER, {}, now)));
    // A creation that fails after taking its number rolls the number back with it: no gap.
    await expect(
      db.transaction(async (tx) => {
        await takeSequence(tx, "P", 2031);
        throw new Error("fallo después de numerar");
      }),
    ).rejects.toThrow("fallo después de numerar");
    made.push(await createQuote(db, OWNER, {}, now));
    const rows = await db.select({ sequence: quotes.sequence, number: quotes.number }).from(quotes).where(eq(quotes.year, 2031));
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(made.map((q) => q.number).every((n) => /^P2031-00000[1-9]$/.test(n))).toBe(true);
  });
});

describe("sending", () => {
  it("freezes the draft as version 1 with the hash of its canonical text, and queues the e-mail with the link", async () => {
    const { db } = await ready;
    const { quote, version } = await sentQuote();
    expect(quote).toMatchObject({ status: "enviado", currentVersion: 1 });
    expect(version.documentSha256).toBe(documentSha256(version.document));
    expect(version.document.seller.industrialRegistry).toBe("28-EI-123456");
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(quoteDocumentText(version.document)).digest("hex")).toBe(version.documentSha256);
    const [mail] = await db.select().from(outbox).where(eq(outbox.ref, `quote:${quote.id}`));
    const payload = mail!.payload as QuoteMail;
    expect(payload.to).toBe(customer.email);
    expect(payload.text).toContain(`https://tienda.example/presupuestos/${quote.token}`);
    const message = await withQuotePdf(db, payload);
    expect(message.attachments?.[0]?.filename).toBe(`${quote.number}-v1.pdf`);
    const text = await pdfText(Buffer.from(message.attachments![0]!.content, "base64"));
    expect(text).toContain("PRESUPUESTO RECIBIDO ANTES DE LA REALIZACIÓN DE LOS TRABAJOS");
    expect(text).toContain("28-EI-123456");
  });

  it("refuses to send a draft without customer or lines, with the fields named", async () => {
    const { db } = await ready;
    const quote = await createQuote(db, OWNER, {});
    const result = await sendQuote(db, OWNER, quote.id);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(expect.arrayContaining(["customerName", "customerEmail", "description"]));
  });
});

describe("records that never change", () => {
  it("a sent version and an answer cannot be updated or deleted (triggers)", async () => {
    const { db } = await ready;
    const { quote, version } = await sentQuote();
    await answerQuote(db, quote.token, "cambios", { version: 1, documentSha256: version.documentSha256, message: "Otra marca" }, who);
    await expect(db.update(quoteVersions).set({ validUntil: "2099-01-01" }).where(eq(quoteVersions.quoteId, quote.id))).rejects.toThrow();
    await expect(db.delete(quoteVersions).where(eq(quoteVersions.quoteId, quote.id))).rejects.toThrow();
    await expect(db.update(quoteResponses).set({ message: "cambiado" }).where(eq(quoteResponses.quoteId, quote.id))).rejects.toThrow();
    await expect(db.delete(quoteResponses).where(eq(quoteResponses.quoteId, quote.id))).rejects.toThrow();
  });
});

describe("accepting", () => {
  it("stores exactly what was accepted, opens the job holding the units, and once only", async () => {
    const { db } = await ready;
    const [before] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    const { quote, version } = await sentQuote();
    const [first, second] = await Promise.all([acceptQuote(db, quote.token, acceptInput(version), who), acceptQuote(db, quote.token, acceptInput(version), who)]);
    const results = [first, second];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ status: 409, reason: "ya-aceptado" });
    const rows = await db.select().from(quoteResponses).where(and(eq(quoteResponses.quoteId, quote.id), eq(quoteResponses.kind, "aceptado")));
    expect(rows).toHaveLength(1);
    // B: 2 x 500,00 + 5 h x 45,00 = 1.225,00 base; 21 % -> 1.482,25; 30 % deposit -> 444,68.
    expect(rows[0]).toMatchObject({ version: 1, alternative: "B", documentSha256: version.documentSha256, totalCents: 148225, depositCents: 44468, ip: who.ip, userAgent: who.userAgent, signatureKind: "dibujada" });
    const [job] = await db.select().from(jobs).where(eq(jobs.quoteId, quote.id));
    expect(job).toMatchObject({ quoteVersion: 1, alternative: "B", heldUnits: [{ productId, units: 2 }] });
    const [after] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    expect(after!.stock).toBe(before!.stock - 2);
    const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe("aceptado");
  });

  it("an accepted version never changes: editing and sending makes version 2, which needs its own acceptance", async () => {
    const { db } = await ready;
    const { quote, version } = await sentQuote();
    expect((await acceptQuote(db, quote.token, acceptInput(version), who)).ok).toBe(true);
    const frozen = JSON.stringify((await versionOf(db, quote.id, 1))!.document);
    await saveDraft(db, OWNER, quote.id, { customer, workPlace: place, draft: draft({ guarantee: "3 años" }) });
    const again = await sendQuote(db, OWNER, quote.id);
    expect(again.ok && again.version).toBe(2);
    expect(JSON.stringify((await versionOf(db, quote.id, 1))!.document)).toBe(frozen);
    // The old version's form is refused; the new one is accepted.
    expect(await acceptQuote(db, quote.token, acceptInput(version), who)).toMatchObject({ ok: false, status: 409, reason: "no-vigente" });
    const v2 = (await versionOf(db, quote.id, 2))!;
    expect(v2.documentSha256).not.toBe(version.documentSha256);
    expect((await acceptQuote(db, quote.token, acceptInput(v2, { alternative: "A" }), who)).ok).toBe(true);
    // One job, now holding nothing (option A has no catalogue products): the units of v1 went back.
    const [job] = await db.select().from(jobs).where(eq(jobs.quoteId, quote.id));
    expect(job).toMatchObject({ quoteVersion: 2, alternative: "A", heldUnits: [] });
  });

  it("an expired quote cannot be accepted (Madrid days, validUntil inclusive)", async () => {
    const { db } = await ready;
    const sentOn = new Date("2026-03-01T10:00:00Z");
    const { quote, version } = await sentQuote({ validityDays: 30 }, sentOn);
    expect(version.validUntil).toBe("2026-03-31");
    const lastMinute = new Date("2026-03-31T21:59:00Z");
    const late = new Date("2026-03-31T22:00:00Z");
    expect(await acceptQuote(db, quote.token, acceptInput(version), who, late)).toMatchObject({ ok: false, status: 410, reason: "caducado" });
    expect((await acceptQuote(db, quote.token, acceptInput(version), who, lastMinute)).ok).toBe(true);
  });

  it("the 10 % applies only with both confirmations, and used materials need the authorisation", async () => {
    const { db } = await ready;
    const lines = [
      { kind: "material" as const, productId: null, description: "Tubo", quality: "cobre", quantityMilli: 1000, unit: "ud", unitCents: 4000, used: true },
      { kind: "mano_de_obra" as const, productId: null, description: "Reparación", quality: "", quantityMilli: 1000, unit: "h", unitCents: 6000, used: false },
    ];
    const { quote, version } = await sentQuote({ dwellingRenovation: true, deposit: { kind: "ninguno" }, alternatives: [{ key: "A", title: "", lines }] });
    const input = acceptInput(version, { alternative: "A" });
    expect(await acceptQuote(db, quote.token, input, who)).toMatchObject({ ok: false, status: 400, errors: { usedMaterials: expect.any(String) } });
    const accepted = await acceptQuote(db, quote.token, { ...input, usedMaterials: "on", reducedVatPrivate: "on", reducedVatAge: "on" }, who);
    expect(accepted.ok && accepted.response).toMatchObject({ totalCents: 11000, reducedVatConfirmed: true, usedMaterialsAuthorised: true });
  });
});

describe("the reminder", () => {
  it("goes once, QUOTE_REMINDER_DAYS after sending, only while unanswered and valid", async () => {
    const { db } = await ready;
    const sentOn = new Date("2030-06-01T08:00:00Z");
    const { quote } = await sentQuote({}, sentOn);
    const { quote: answered, version } = await sentQuote({}, sentOn);
    await answerQuote(db, answered.token, "cambios", { version: 1, documentSha256: version.documentSha256, message: "Más barato" }, who, sentOn);
    expect(await runQuoteReminders(db, new Date("2030-06-05T08:00:00Z"), 5)).not.toContain(quote.number);
    const later = new Date("2030-06-06T09:00:00Z");
    const [a, b] = await Promise.all([runQuoteReminders(db, later, 5), runQuoteReminders(db, later, 5)]);
    expect([...a, ...b].filter((n) => n === quote.number)).toHaveLength(1);
    expect([...a, ...b]).not.toContain(answered.number);
    expect(await runQuoteReminders(db, new Date("2030-06-07T09:00:00Z"), 5)).not.toContain(quote.number);
    const reminders = await db.select().from(outbox).where(and(eq(outbox.ref, `quote:${quote.id}`), sql`${outbox.payload}->>'subject' like '%ha podido ver%'`));
    expect(reminders).toHaveLength(1);
  });
});

describe("the customer's page", () => {
  const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;
  const form = (token: string, fields: Record<string, string>) =>
    new Request(`https://tienda.example/presupuestos/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.9", "User-Agent": "Navegador/2" },
      body: new URLSearchParams(fields),
    });

  it("404 for an unknown token; shows the version; 400 in Spanish for a bad form; 303 after signing; the PDF shows the signer", async () => {
    const bad = await settle(() => pageLoader(args(new Request("https://tienda.example/presupuestos/x"), { token: "A".repeat(43) })));
    expect(bad.status).toBe(404);
    const { quote, version } = await sentQuote();
    const page = await pageLoader(args(new Request(`https://tienda.example/presupuestos/${quote.token}`), { token: quote.token }));
    expect(page).toMatchObject({ number: quote.number, version: 1, canAnswer: true, expired: false });
    const base = { intent: "aceptar", version: "1", documentSha256: version.documentSha256, alternative: "B", fullName: "Ana Pérez", typedSignature: "Ana Pérez" };
    const refused = await settle(() => pageAction(args(form(quote.token, base), { token: quote.token })));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { statement: expect.stringMatching(/Presupuesto recibido/) } });
    const signed = await settle(() => pageAction(args(form(quote.token, { ...base, statement: "on" }), { token: quote.token })));
    expect(signed).toMatchObject({ status: 303, location: `/presupuestos/${quote.token}#respuesta` });
    const after = await pageLoader(args(new Request(`https://tienda.example/presupuestos/${quote.token}`), { token: quote.token }));
    expect(after).toMatchObject({ canAnswer: false, accepted: { version: 1, alternative: "B", fullName: "Ana Pérez", current: true } });
    const { db } = await ready;
    const [row] = await db.select().from(quoteResponses).where(eq(quoteResponses.quoteId, quote.id));
    expect(row).toMatchObject({ ip: "198.51.100.9", userAgent: "Navegador/2", signatureKind: "escrita" });
    const pdf = (await pdfLoader(args(new Request(`https://tienda.example/presupuestos/${quote.token}/pdf`), { token: quote.token }))) as Response;
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Aceptado por Ana Pérez");
    expect(text).toContain(version.documentSha256);
  });

  it("a quote without the customer's NIF asks it on acceptance: a wrong one is a 400, a right one goes on the job for its invoices", async () => {
    const { quote, version } = await sentQuote();
    const page = await pageLoader(args(new Request(`https://tienda.example/presupuestos/${quote.token}`), { token: quote.token }));
    expect(page).toMatchObject({ askNif: true });
    const base = { intent: "aceptar", version: "1", documentSha256: version.documentSha256, alternative: "B", fullName: "Ana Pérez", typedSignature: "Ana Pérez", statement: "on" };
    const wrong = await settle(() => pageAction(args(form(quote.token, { ...base, customerNif: "12345678A" }), { token: quote.token })));
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ errors: { customerNif: "Escriba un DNI, NIE o NIF válido (por ejemplo 12345678Z), o déjelo en blanco." } });
    const signed = await settle(() => pageAction(args(form(quote.token, { ...base, customerNif: "12.345.678-z" }), { token: quote.token })));
    expect(signed.status).toBe(303);
    const { db } = await ready;
    const [job] = await db.select().from(jobs).where(eq(jobs.quoteId, quote.id));
    expect(job!.customer).toMatchObject({ name: "Ana Pérez", nif: "12345678Z" });
  });

  it("an expired quote answers 410 with «Caducado»", async () => {
    const { quote, version } = await sentQuote({}, new Date("2025-01-01T10:00:00Z"));
    const page = await pageLoader(args(new Request(`https://tienda.example/presupuestos/${quote.token}`), { token: quote.token }));
    expect(page).toMatchObject({ expired: true, canAnswer: false });
    const fields = { intent: "aceptar", version: "1", documentSha256: version.documentSha256, alternative: "A", fullName: "Ana Pérez", typedSignature: "Ana Pérez", statement: "on" };
    const refused = await settle(() => pageAction(args(form(quote.token, fields), { token: quote.token })));
    expect(refused.status).toBe(410);
    expect(refused.data).toMatchObject({ message: expect.stringMatching(/caducado/) });
  });
});

describe("the editor's action", () => {
  it("adds a catalogue product to an alternative after saving what was typed; bad input is a 400 that saves nothing", async () => {
    const { db } = await ready;
    const quote = await createQuote(db, OWNER, {});
    const args = (request: Request) => ({ request, params: { number: quote.number }, context: {} }) as never;
    const typed = { customerName: "Luis Gómez", depositKind: "ninguno", "A-0-kind": "material", "A-0-description": "Tubo", "A-0-price": "12,50", "A-0-quantity": "3" };
    const added = await settle(() => editorAction(args(adminRequest(`/admin/presupuestos/${quote.number}`, cookie, { ...typed, intent: `producto:A:${productId}` }))));
    expect(added.status).toBe(303);
    const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.customer.name).toBe("Luis Gómez");
    expect(row!.draft.alternatives[0]!.lines.map((l) => [l.kind, l.productId])).toEqual([["material", null], ["producto", productId]]);
    const bad = await settle(() => editorAction(args(adminRequest(`/admin/presupuestos/${quote.number}`, cookie, { ...typed, customerName: "Otro", "A-0-price": "doce", intent: "guardar" }))));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { "A-0-price": expect.stringMatching(/precio/) } });
    const [same] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(same!.customer.name).toBe("Luis Gómez");
  });
});
