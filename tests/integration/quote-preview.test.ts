import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuoteParty } from "~/domain/quotes/quote-content";
import { emptyDraft } from "~/domain/quotes/quote-editor-form";
import { action as editorAction } from "~/routes/quotes/admin-quote-editor";
import { action as previewAction, loader as previewLoader } from "~/routes/quotes/admin-quote-preview";
import { resetConfigForTests } from "~/server/config.server";
import { quotes, quoteVersions } from "~/server/quotes/quotes-schema.server";
import { createQuote, saveDraft } from "~/server/quotes/quote-store.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";

/*
 * The quote is sent after its preview (issue 30): the editor's «Vista previa y envío» saves and
 * shows the draft as the customer will read it; «Enviar al cliente» there sends exactly that,
 * and a draft changed after the preview is not sent unseen. «Quitar» takes a line out with a
 * button; «Duplicar esta opción» copies it into the next free one.
 */
const ready = setupTestDatabase();
const OWNER = { email: "vista-previa@termoclima.test" };
let cookie = "";
const args = (request: Request, number: string) => ({ request, params: { number }, context: {} }) as never;
const customer: QuoteParty = { name: "Elena Previa", nif: "", email: "elena.previa@example.com", phone: "600 000 001", address: "Calle Mayor 2", postcode: "28013", town: "Madrid", province: "Madrid" };
const place = { address: "Calle Mayor 2", postcode: "28013", town: "Madrid", province: "Madrid" };
const labour = { kind: "mano_de_obra" as const, productId: null, description: "Revisión", quality: "", quantityMilli: 2000, unit: "h", unitCents: 4500, used: false };

beforeAll(async () => {
  process.env.DATA_DIR ??= "/tmp";
  resetConfigForTests();
  cookie = await adminCookie((await ready).db, OWNER.email);
});
afterAll(() => resetConfigForTests());
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

async function draftQuote() {
  const { db } = await ready;
  return createQuote(db, OWNER, { customer, workPlace: place, draft: { ...emptyDraft(), description: "Revisión de la caldera", alternatives: [{ key: "A", title: "Revisión", lines: [labour] }] } });
}

const editorForm = (fields: Record<string, string>) => ({
  customerName: customer.name,
  customerEmail: customer.email,
  customerPhone: customer.phone,
  customerAddress: customer.address,
  customerPostcode: customer.postcode,
  customerTown: customer.town,
  customerProvince: customer.province,
  placeSame: "on",
  description: "Revisión de la caldera",
  validityDays: "30",
  guarantee: "Mano de obra: 6 meses.",
  depositKind: "ninguno",
  "alt-A-title": "Revisión",
  "A-0-kind": "mano_de_obra",
  "A-0-description": "Revisión",
  "A-0-quantity": "2",
  "A-0-price": "45",
  "A-1-kind": "material",
  "A-1-description": "Filtro",
  "A-1-quantity": "1",
  "A-1-price": "12",
  ...fields,
});

describe("a quote sent after its preview", () => {
  it("«Vista previa y envío» saves and leads to the preview, which shows the version sending would make, and sends exactly that", async () => {
    const { db } = await ready;
    const quote = await draftQuote();
    const toPreview = await settle(() => editorAction(args(adminRequest(`/admin/presupuestos/${quote.number}`, cookie, editorForm({ intent: "enviar" })), quote.number)));
    expect(toPreview).toMatchObject({ status: 303, location: `/admin/presupuestos/${quote.number}/vista-previa` });
    expect((await db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, quote.id))).length).toBe(0);

    const preview = await settle(() => previewLoader(args(adminRequest(`/admin/presupuestos/${quote.number}/vista-previa`, cookie), quote.number)));
    const shown = preview.data as { doc: { version: number; alternatives: Array<{ lines: unknown[] }> }; previewed: string; problems: string[] };
    expect(shown.problems).toEqual([]);
    expect(shown.doc.version).toBe(1);
    expect(shown.doc.alternatives[0]!.lines).toHaveLength(2);

    const sent = await settle(() => previewAction(args(adminRequest(`/admin/presupuestos/${quote.number}/vista-previa`, cookie, { previewed: shown.previewed }), quote.number)));
    expect(sent).toMatchObject({ status: 303, location: `/admin/presupuestos/${quote.number}?enviado=1` });
    const [version] = await db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, quote.id));
    expect(version!.document.alternatives).toEqual((shown.doc as { alternatives: unknown }).alternatives);
  });

  it("a draft changed after the preview is not sent: 409, nothing sent", async () => {
    const { db } = await ready;
    const quote = await draftQuote();
    const preview = await settle(() => previewLoader(args(adminRequest(`/admin/presupuestos/${quote.number}/vista-previa`, cookie), quote.number)));
    const { previewed } = preview.data as { previewed: string };
    const [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveDraft(db, OWNER, quote.id, { customer, workPlace: place, draft: { ...row!.draft, description: "Otra cosa" } });
    const refused = await settle(() => previewAction(args(adminRequest(`/admin/presupuestos/${quote.number}/vista-previa`, cookie, { previewed }), quote.number)));
    expect(refused).toMatchObject({ status: 409, data: { error: "El borrador ha cambiado desde esta vista previa: revise la nueva antes de enviarlo." } });
    expect(await db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, quote.id))).toEqual([]);
  });

  it("«Quitar» takes one line out, keeping what was typed; «Duplicar esta opción» copies into the next free option", async () => {
    const { db } = await ready;
    const quote = await draftQuote();
    const removed = await settle(() => editorAction(args(adminRequest(`/admin/presupuestos/${quote.number}`, cookie, editorForm({ intent: "quitar:A:0", description: "Texto nuevo" })), quote.number)));
    expect(removed).toMatchObject({ status: 303, location: `/admin/presupuestos/${quote.number}#opcion-A` });
    let [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.draft.description).toBe("Texto nuevo");
    expect(row!.draft.alternatives[0]!.lines.map((line) => line.description)).toEqual(["Filtro"]);

    const copied = await settle(() => editorAction(args(adminRequest(`/admin/presupuestos/${quote.number}`, cookie, editorForm({ intent: "duplicar:A" })), quote.number)));
    expect(copied).toMatchObject({ status: 303, location: `/admin/presupuestos/${quote.number}#opcion-B` });
    [row] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.draft.alternatives.map((a) => [a.key, a.title, a.lines.length])).toEqual([
      ["A", "Revisión", 2],
      ["B", "Revisión (copia)", 2],
    ]);
  });
});
