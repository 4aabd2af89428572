import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { withoutVatCents } from "~/domain/money";
import type { QuoteParty } from "~/domain/quotes/quote-content";
import { emptyDraft } from "~/domain/quotes/quote-editor-form";
import { action as editorAction, loader as editorLoader } from "~/routes/quotes/admin-quote-editor";
import { action as newAction, loader as newLoader } from "~/routes/quotes/admin-quote-new";
import { action as listAction, loader as listLoader } from "~/routes/quotes/admin-quote-templates";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { resetConfigForTests } from "~/server/config.server";
import { auditLog } from "~/server/db/shared-schema.server";
import { contactRequests, quotes, quoteTemplates } from "~/server/quotes/quotes-schema.server";
import { createQuote } from "~/server/quotes/quote-store.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";

/*
 * Quote templates (issue 30): «Guardar como plantilla» in the editor, «Empezar desde una
 * plantilla» when a quote is created (blank or from a request), and the list's rename and
 * delete; bad input answers 4xx with a Spanish message, never 500.
 */
const ready = setupTestDatabase();
const OWNER = { email: "plantillas@termoclima.test" };
let cookie = "";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const customer: QuoteParty = { name: "Pilar Plantilla", nif: "", email: "pilar@example.com", phone: "600 000 002", address: "Calle Mayor 3", postcode: "28013", town: "Madrid", province: "Madrid" };
const place = { address: "Calle Mayor 3", postcode: "28013", town: "Madrid", province: "Madrid" };
let productId = 0;

beforeAll(async () => {
  process.env.DATA_DIR ??= "/tmp";
  resetConfigForTests();
  const { db } = await ready;
  cookie = await adminCookie(db, OWNER.email);
  const [boiler] = await db.select().from(products).where(eq(products.model, "Micracom Condens 24"));
  productId = boiler!.id;
});
afterAll(() => resetConfigForTests());
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

/** The editor's form of a draft with a boiler from the catalogue and labour, plus `fields`. */
const editorForm = (fields: Record<string, string>) => ({
  customerName: customer.name,
  customerEmail: customer.email,
  customerAddress: customer.address,
  placeSame: "on",
  description: "Cambio de caldera",
  startOn: "2026-12-10",
  endOn: "2026-12-11",
  validityDays: "20",
  guarantee: "Dos años",
  depositKind: "porcentaje",
  depositPercent: "25",
  notes: "Nota de la plantilla",
  "alt-A-title": "Caldera Hermann",
  "A-0-kind": "producto",
  "A-0-productId": String(productId),
  "A-0-description": "Hermann Micracom Condens 24",
  "A-0-quantity": "1",
  "A-0-price": "900",
  "A-1-kind": "mano_de_obra",
  "A-1-description": "Montaje",
  "A-1-quantity": "4",
  "A-1-price": "45",
  ...fields,
});

async function saveFromEditor(fields: Record<string, string>) {
  const { db } = await ready;
  const quote = await createQuote(db, OWNER, { customer, workPlace: place, draft: emptyDraft() });
  const reply = await settle(() => editorAction(args(adminRequest(`/admin/presupuestos/${quote.number}`, cookie, editorForm(fields)), { number: quote.number })));
  return { quote, reply };
}

async function templateNamed(name: string) {
  const { db } = await ready;
  const [row] = await db.select().from(quoteTemplates).where(eq(quoteTemplates.name, name));
  return row;
}

describe("«Guardar como plantilla» in the editor", () => {
  it("saves the work, options, lines and terms without customer or dates, with the draft, in the audit log", async () => {
    const { db } = await ready;
    const { quote, reply } = await saveFromEditor({ intent: "plantilla", templateName: "  Caldera Hermann  24 " });
    expect(reply).toMatchObject({ status: 200, data: { ok: true, message: "Plantilla guardada: «Caldera Hermann 24». El borrador también se ha guardado." } });
    const template = await templateNamed("Caldera Hermann 24");
    expect(template!.draft).toMatchObject({ description: "Cambio de caldera", startOn: null, endOn: null, validityDays: 20, guarantee: "Dos años", deposit: { kind: "porcentaje", percent: 25 }, notes: "Nota de la plantilla" });
    expect(template!.draft.alternatives[0]!.lines.map((l) => [l.kind, l.productId, l.unitCents])).toEqual([
      ["producto", productId, 90000],
      ["mano_de_obra", null, 4500],
    ]);
    expect(JSON.stringify(template!.draft)).not.toContain("Pilar");
    const [saved] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(saved!.draft.startOn).toBe("2026-12-10");
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "plantilla"), eq(auditLog.entityId, String(template!.id))));
    expect(line).toMatchObject({ actor: OWNER.email, action: "guardar plantilla", after: { nombre: "Caldera Hermann 24", presupuesto: quote.number } });
  });

  it("an empty or too long name: 400 with a Spanish message, nothing saved", async () => {
    const { db } = await ready;
    const empty = await saveFromEditor({ intent: "plantilla", templateName: "   ", description: "No se guarda" });
    expect(empty).toMatchObject({ reply: { status: 400, data: { ok: false, errors: { templateName: "Escriba un nombre para la plantilla." } } } });
    const [row] = await db.select().from(quotes).where(eq(quotes.id, empty.quote.id));
    expect(row!.draft.description).toBe("");
    const long = await saveFromEditor({ intent: "plantilla", templateName: "x".repeat(101) });
    expect(long.reply).toMatchObject({ status: 400, data: { errors: { templateName: "El nombre de la plantilla tiene como máximo 100 caracteres." } } });
    const noLines = await saveFromEditor({ intent: "plantilla", templateName: "Vacía", "A-0-description": "", "A-0-price": "", "A-0-productId": "", "A-1-description": "", "A-1-price": "" });
    expect(noLines.reply).toMatchObject({ status: 400, data: { errors: { templateName: expect.stringMatching(/no tendría ninguna línea/) } } });
    expect(await templateNamed("Vacía")).toBeUndefined();
  });

  it("a name already used (in any case): 409 and the offer to replace; «Reemplazar» puts this draft in its place", async () => {
    await saveFromEditor({ intent: "plantilla", templateName: "Revisión anual" });
    const before = await templateNamed("Revisión anual");
    const taken = await saveFromEditor({ intent: "plantilla", templateName: "REVISIÓN ANUAL", notes: "Otra nota" });
    expect(taken.reply).toMatchObject({ status: 409, data: { ok: false, takenName: "REVISIÓN ANUAL", errors: { templateName: expect.stringMatching(/^Ya hay una plantilla llamada «REVISIÓN ANUAL»/) } } });
    expect((await templateNamed("Revisión anual"))!.draft.notes).toBe("Nota de la plantilla");
    const replaced = await saveFromEditor({ intent: "plantilla-reemplazar", templateName: "REVISIÓN ANUAL", notes: "Otra nota" });
    expect(replaced.reply).toMatchObject({ status: 200, data: { ok: true, message: expect.stringMatching(/^Plantilla reemplazada/) } });
    const after = await templateNamed("REVISIÓN ANUAL");
    expect(after!.id).toBe(before!.id);
    expect(after!.draft.notes).toBe("Otra nota");
  });
});

describe("«Empezar desde una plantilla» when a quote is created", () => {
  it("lists the templates (the demo's three among them) and fills a blank quote from one, at today's catalogue price", async () => {
    const { db } = await ready;
    const page = await settle(() => newLoader(args(adminRequest("/admin/presupuestos/nuevo", cookie))));
    const names = (page.data as { templates: { name: string }[] }).templates.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["Sustitución de caldera de condensación", "Instalación de aire acondicionado 1x1", "Aerotermia para ACS"]));
    await saveFromEditor({ intent: "plantilla", templateName: "Para usar" });
    const template = await templateNamed("Para usar");
    const made = await settle(() => newAction(args(adminRequest("/admin/presupuestos/nuevo", cookie, { plantilla: String(template!.id) }))));
    expect(made.status).toBe(303);
    expect(made.location).toMatch(/^\/admin\/presupuestos\/P\d{4}-\d{6}\?plantilla=0$/);
    const [quote] = await db.select().from(quotes).orderBy(desc(quotes.id)).limit(1);
    const [boiler] = await db.select().from(products).where(eq(products.id, productId));
    expect(quote!.draft.alternatives[0]!.lines[0]).toMatchObject({ productId, unitCents: withoutVatCents(boiler!.priceCents) });
    expect(quote!.draft).toMatchObject({ description: "Cambio de caldera", startOn: null, validityDays: 20 });
    expect(quote!.customer.name).toBe("");
    const editor = await settle(() => editorLoader(args(adminRequest(made.location!, cookie), { number: quote!.number })));
    expect((editor.data as { sentMessage: string }).sentMessage).toMatch(/^Presupuesto empezado desde la plantilla/);
  });

  it("from a request, the customer and place come from the request; a product no longer on sale keeps the template's price", async () => {
    const { db } = await ready;
    const [request] = await db
      .insert(contactRequests)
      .values({ nameAndSurname: "Rosa Solicitud", email: "rosa@example.com", phone: "600 000 003", address: "Calle Toledo 4", town: "Madrid", message: "Quiero cambiar la caldera", sourcePage: "/contacto" })
      .returning();
    await saveFromEditor({ intent: "plantilla", templateName: "Con producto retirado" });
    const template = await templateNamed("Con producto retirado");
    await db.update(products).set({ active: false }).where(eq(products.id, productId));
    try {
      const made = await settle(() => newAction(args(adminRequest("/admin/presupuestos/nuevo", cookie, { solicitud: String(request!.id), plantilla: String(template!.id) }))));
      expect(made.location).toMatch(/\?plantilla=1$/);
      const [quote] = await db.select().from(quotes).orderBy(desc(quotes.id)).limit(1);
      expect(quote).toMatchObject({ contactRequestId: request!.id, customer: { name: "Rosa Solicitud", email: "rosa@example.com" }, workPlace: { address: "Calle Toledo 4" } });
      expect(quote!.draft.alternatives[0]!.lines[0]).toMatchObject({ productId: null, unitCents: 90000, description: "Hermann Micracom Condens 24" });
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, productId));
    }
  });

  it("a template that does not exist: 404 with a Spanish message; a choice that is not an id: 400; no quote made", async () => {
    const { db } = await ready;
    const [{ n: before }] = (await db.select({ n: quotes.id }).from(quotes).orderBy(desc(quotes.id)).limit(1)) as [{ n: number }];
    const gone = await settle(() => newAction(args(adminRequest("/admin/presupuestos/nuevo", cookie, { plantilla: "999999" }))));
    expect(gone).toMatchObject({ status: 404, data: { error: "Esa plantilla ya no existe: elija otra o empiece en blanco." } });
    const bad = await settle(() => newAction(args(adminRequest("/admin/presupuestos/nuevo", cookie, { plantilla: "la de calderas" }))));
    expect(bad).toMatchObject({ status: 400, data: { error: "Elija una plantilla de la lista." } });
    const [{ n: after }] = (await db.select({ n: quotes.id }).from(quotes).orderBy(desc(quotes.id)).limit(1)) as [{ n: number }];
    expect(after).toBe(before);
  });
});

describe("/admin/presupuestos/plantillas: rename and delete", () => {
  const post = (form: Record<string, string>) => settle(() => listAction(args(adminRequest("/admin/presupuestos/plantillas", cookie, form))));

  it("renames, refusing an empty, too long or taken name with 4xx and a Spanish message", async () => {
    await saveFromEditor({ intent: "plantilla", templateName: "Nombre viejo" });
    const template = await templateNamed("Nombre viejo");
    const id = String(template!.id);
    expect(await post({ intent: "renombrar", id, name: "" })).toMatchObject({ status: 400, data: { ok: false, errors: { name: "Escriba un nombre para la plantilla." } } });
    expect(await post({ intent: "renombrar", id, name: "y".repeat(101) })).toMatchObject({ status: 400, data: { errors: { name: "El nombre de la plantilla tiene como máximo 100 caracteres." } } });
    expect(await post({ intent: "renombrar", id, name: "aerotermia PARA acs" })).toMatchObject({ status: 409, data: { message: "Ya hay otra plantilla llamada «aerotermia PARA acs»: elija otro nombre." } });
    expect(await post({ intent: "renombrar", id: "999999", name: "Otra" })).toMatchObject({ status: 404, data: { ok: false } });
    expect(await post({ intent: "renombrar", id, name: "Nombre nuevo" })).toMatchObject({ status: 200, data: { ok: true, message: "Nombre cambiado: «Nombre nuevo»." } });
    expect((await templateNamed("Nombre nuevo"))!.id).toBe(template!.id);
  });

  it("deletes only from the second step's form, with its audit line; a template already gone: 404; an unknown intent: 400", async () => {
    const { db } = await ready;
    await saveFromEditor({ intent: "plantilla", templateName: "Para borrar" });
    const template = await templateNamed("Para borrar");
    const step = await settle(() => listLoader(args(adminRequest(`/admin/presupuestos/plantillas?eliminar=${template!.id}`, cookie))));
    expect((step.data as { deleting: { name: string } }).deleting.name).toBe("Para borrar");
    expect(await post({ intent: "eliminar", id: String(template!.id) })).toMatchObject({ status: 303, location: "/admin/presupuestos/plantillas?eliminada=1" });
    expect(await templateNamed("Para borrar")).toBeUndefined();
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "plantilla"), eq(auditLog.action, "eliminar plantilla")));
    expect(line).toMatchObject({ entityId: String(template!.id), before: { nombre: "Para borrar" } });
    expect(await post({ intent: "eliminar", id: String(template!.id) })).toMatchObject({ status: 404, data: { message: expect.stringMatching(/^Esa plantilla ya no existe/) } });
    expect(await post({ intent: "borrar-todo", id: "1" })).toMatchObject({ status: 400, data: { ok: false } });
    expect(await post({ intent: "eliminar", id: "abc" })).toMatchObject({ status: 400, data: { message: "Elija una plantilla de la lista." } });
  });
});
