import { describe, expect, it } from "vitest";
import type { QuoteDraft, QuoteLine } from "./quote-content";
import { emptyDraft } from "./quote-editor-form";
import { draftFromTemplate, templateFromDraft, templateProductIds, templateStartMessage, templateSummary } from "./quote-template";
import { startFromTemplateSchema, templateNameSchema } from "./quote-template-forms";

const boiler: QuoteLine = { kind: "producto", productId: 5, description: "Saunier Duval ThemaFast Condens 25", quality: "Nuevo", quantityMilli: 1000, unit: "ud", unitCents: 123554, used: false };
const gone: QuoteLine = { ...boiler, productId: 99, description: "Caldera retirada", unitCents: 90000 };
const labour: QuoteLine = { kind: "mano_de_obra", productId: null, description: "Desmontaje y montaje", quality: "", quantityMilli: 4000, unit: "h", unitCents: 4500, used: false };

const draft: QuoteDraft = {
  ...emptyDraft(),
  description: "Sustitución de la caldera",
  alternatives: [
    { key: "A", title: "Caldera de 25 kW", lines: [boiler, labour] },
    { key: "B", title: "Caldera retirada", lines: [gone] },
  ],
  startOn: "2026-12-01",
  endOn: "2026-12-02",
  validityDays: 15,
  deposit: { kind: "porcentaje", percent: 30 },
  dwellingRenovation: true,
  notes: "Incluye retirada de la caldera antigua.",
};

describe("quote templates (issue 30)", () => {
  it("a template keeps the work, options, lines and terms of a draft, and no dates", () => {
    const template = templateFromDraft(draft);
    expect(template).toEqual({ ...draft, startOn: null, endOn: null });
    // A copy: changing the template does not change the quote it came from.
    template.alternatives[0]!.lines[0]!.unitCents = 1;
    expect(draft.alternatives[0]!.lines[0]!.unitCents).toBe(123554);
  });

  it("a new draft from a template takes today's catalogue price; a product no longer on sale keeps the template's price, unlinked", () => {
    const { draft: made, unlinked } = draftFromTemplate(templateFromDraft(draft), new Map([[5, 130000]]));
    expect(unlinked).toBe(1);
    expect(made.alternatives[0]!.lines).toEqual([{ ...boiler, unitCents: 130000 }, labour]);
    expect(made.alternatives[1]!.lines).toEqual([{ ...gone, productId: null }]);
    expect(made).toMatchObject({ description: "Sustitución de la caldera", startOn: null, endOn: null, validityDays: 15, deposit: { kind: "porcentaje", percent: 30 }, dwellingRenovation: true });
  });

  it("a request's message is the description only when the template has none", () => {
    expect(draftFromTemplate(draft, new Map(), "Quiero cambiar la caldera").draft.description).toBe("Sustitución de la caldera");
    expect(draftFromTemplate({ ...draft, description: "" }, new Map(), "Quiero cambiar la caldera").draft.description).toBe("Quiero cambiar la caldera");
  });

  it("names the products to price once, and sums itself up for the list", () => {
    expect(templateProductIds({ ...draft, alternatives: [...draft.alternatives, { key: "C", title: "", lines: [boiler] }] })).toEqual([5, 99]);
    expect(templateSummary(draft)).toBe("2 opciones, 3 líneas");
    expect(templateSummary({ ...draft, alternatives: [{ key: "A", title: "", lines: [labour] }] })).toBe("1 opción, 1 línea");
  });

  it("tells the owner the prices are today's, and how many lines kept the template's", () => {
    expect(templateStartMessage(0)).toBe("Presupuesto empezado desde la plantilla: los productos del catálogo llevan el precio de hoy.");
    expect(templateStartMessage(1)).toMatch(/1 producto ya no está a la venta y conserva el precio de la plantilla: revíselo/);
    expect(templateStartMessage(2)).toMatch(/2 productos ya no están a la venta y conservan/);
  });

  it("the new quote's choice is none or a template's id; anything else is refused in Spanish", () => {
    expect(startFromTemplateSchema.parse({}).plantilla).toBeNull();
    expect(startFromTemplateSchema.parse({ plantilla: "" }).plantilla).toBeNull();
    expect(startFromTemplateSchema.parse({ plantilla: "7" }).plantilla).toBe(7);
    expect(startFromTemplateSchema.safeParse({ plantilla: "siete" }).error?.issues[0]?.message).toBe("Elija una plantilla de la lista.");
  });

  it("a name is trimmed, and neither empty nor longer than 100 characters, with a Spanish message", () => {
    expect(templateNameSchema.parse("  Aire  acondicionado 1x1 ")).toBe("Aire acondicionado 1x1");
    expect(templateNameSchema.safeParse("   ").error?.issues[0]?.message).toBe("Escriba un nombre para la plantilla.");
    expect(templateNameSchema.safeParse("x".repeat(101)).error?.issues[0]?.message).toBe("El nombre de la plantilla tiene como máximo 100 caracteres.");
    expect(templateNameSchema.safeParse(undefined).error?.issues[0]?.message).toBe("Escriba un nombre para la plantilla.");
  });
});
