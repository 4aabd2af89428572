import { describe, expect, it } from "vitest";
import { CHECKLISTS, CHECKLIST_KINDS, checklistKindFor } from "./work-report-checklists";
import { emptyCombustion, parseDecimal, parseWorkReport, type UnitSlot, type WorkReportPost } from "./work-report-form";
import { workReportText } from "./work-report-text";

const BOILER: UnitSlot = { productId: 7, brand: "Saunier Duval", model: "Thelia Condens 25" };
const KEY = "3f2c1a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c";

function post(overrides: Partial<WorkReportPost> = {}): WorkReportPost {
  return {
    key: KEY,
    checklistKind: "caldera-gas",
    done: ["estanqueidad-gas", "purgado", "presion"],
    combustion: { co: "45", co2: "9,2", o2: "", flueTemp: "62,5", efficiency: "97,8" },
    serials: ["21334500100234567"],
    extras: [],
    notes: "Se deja la caldera antigua en el punto limpio.",
    signerName: "Lucía Pérez",
    signerIdNumber: "12345678z",
    signaturePath: "M 10 20 L 30 40 L 50 45",
    signedAt: "2026-12-03T10:15:00.000Z",
    photoIds: [],
    ...overrides,
  };
}

describe("the kind of job and its checklist", () => {
  it("follows the accepted units' families, the boiler first", () => {
    expect(checklistKindFor(["calderas"])).toBe("caldera-gas");
    expect(checklistKindFor(["termostatos", "calderas"])).toBe("caldera-gas");
    expect(checklistKindFor(["aires"])).toBe("aire");
    expect(checklistKindFor(["aerotermia", "aires"])).toBe("aerotermia");
    expect(checklistKindFor(["termostatos"])).toBe("termostato");
    expect(checklistKindFor([])).toBe("mantenimiento");
  });

  it("asks for the combustion analysis only of a gas boiler (installed or maintained), and ends every installation's list explaining the use", () => {
    expect(CHECKLIST_KINDS.filter((kind) => CHECKLISTS[kind].combustion)).toEqual(["caldera-gas", "mantenimiento-caldera"]);
    for (const kind of CHECKLIST_KINDS) {
      const items = CHECKLISTS[kind].items;
      if (!kind.startsWith("mantenimiento-")) expect(items.at(-1)?.text, kind).toBe("Explicación del uso al cliente");
      expect(new Set(items.map((item) => item.id)).size, `${kind}: ids sin repetir`).toBe(items.length);
    }
    expect(CHECKLISTS["caldera-gas"].items.map((item) => item.text)).toContain("Prueba de estanqueidad del gas");
    expect(CHECKLISTS.aire.items.map((item) => item.text)).toContain("Vacío y carga de refrigerante");
  });
});

describe("the work report's checks", () => {
  it("reads decimal commas and points, at most two decimals", () => {
    expect(parseDecimal("9,2")).toBe(9.2);
    expect(parseDecimal(" 62.5 ")).toBe(62.5);
    expect(parseDecimal("100")).toBe(100);
    expect(parseDecimal("1,234")).toBeNull();
    expect(parseDecimal("9,2 %")).toBeNull();
    expect(parseDecimal("-3")).toBeNull();
    expect(parseDecimal("")).toBeNull();
  });

  it("accepts a full gas boiler report and keeps the whole checklist, ticked or not", () => {
    const parsed = parseWorkReport(post(), [BOILER]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { content } = parsed.report;
    expect(content.combustion).toEqual({ coPpm: 45, co2Percent: 9.2, o2Percent: null, flueTempC: 62.5, efficiencyPercent: 97.8 });
    expect(content.units).toEqual([{ productId: 7, brand: "Saunier Duval", model: "Thelia Condens 25", serialNumber: "21334500100234567" }]);
    expect(content.checklist).toHaveLength(CHECKLISTS["caldera-gas"].items.length);
    expect(content.checklist.find((check) => check.item === "Prueba de estanqueidad del gas")?.done).toBe(true);
    expect(content.checklist.find((check) => check.item === "Caldera anclada y nivelada")?.done).toBe(false);
    expect(parsed.report.signerIdNumber).toBe("12345678Z");
    expect(parsed.report.signedAt?.toISOString()).toBe("2026-12-03T10:15:00.000Z");
  });

  it("requires the combustion values of a gas boiler, within plausible ranges, CO2 or O2", () => {
    const missing = parseWorkReport(post({ combustion: emptyCombustion() }), [BOILER]);
    expect(missing.ok ? {} : missing.errors).toMatchObject({
      "combustion.co": "Escriba el CO (ppm).",
      "combustion.flueTemp": "Escriba la temperatura de humos (°C).",
      "combustion.efficiency": "Escriba el rendimiento (%).",
    });
    const ranges = parseWorkReport(post({ combustion: { co: "2001", co2: "20,5", o2: "", flueTemp: "400,01", efficiency: "110,5" } }), [BOILER]);
    expect(ranges.ok ? {} : ranges.errors).toEqual({
      "combustion.co": "El CO (ppm) debe estar entre 0 y 2000 ppm.",
      "combustion.co2": "El CO2 (%) debe estar entre 0 y 20 %.",
      "combustion.flueTemp": "La temperatura de humos (°C) debe estar entre 0 y 400 °C.",
      "combustion.efficiency": "El rendimiento (%) debe estar entre 0 y 110 %.",
    });
    const edges = parseWorkReport(post({ combustion: { co: "2000", co2: "", o2: "21", flueTemp: "0", efficiency: "110" } }), [BOILER]);
    expect(edges.ok && edges.report.content.combustion).toEqual({ coPpm: 2000, co2Percent: null, o2Percent: 21, flueTempC: 0, efficiencyPercent: 110 });
    const neither = parseWorkReport(post({ combustion: { co: "40", co2: "", o2: "", flueTemp: "60", efficiency: "98" } }), [BOILER]);
    expect(neither.ok ? {} : neither.errors).toEqual({ "combustion.co2": "Escriba el CO2 o el O2 (%) que da el analizador." });
    const words = parseWorkReport(post({ combustion: { co: "cuarenta", co2: "9", o2: "", flueTemp: "60", efficiency: "98" } }), [BOILER]);
    expect(words.ok ? {} : words.errors).toEqual({ "combustion.co": "Escriba el CO (ppm) con cifras, por ejemplo 9,5." });
  });

  it("neither asks for nor keeps combustion values on any other kind of job", () => {
    const aire = parseWorkReport(post({ checklistKind: "aire", combustion: emptyCombustion(), done: ["vacio-carga"] }), [BOILER]);
    expect(aire.ok && aire.report.content.combustion).toBeNull();
    const typed = parseWorkReport(post({ checklistKind: "termostato" }), [BOILER]);
    expect(typed.ok && typed.report.content.combustion).toBeNull();
  });

  it("requires one serial number per catalogue unit", () => {
    const two = [BOILER, { productId: 9, brand: "Netatmo", model: "Termostato inteligente" }];
    const parsed = parseWorkReport(post({ serials: ["21334500100234567", " "] }), two);
    expect(parsed.ok ? {} : parsed.errors).toEqual({ "serials.1": "Escriba el número de serie de Netatmo Termostato inteligente." });
    const odd = parseWorkReport(post({ serials: ["<script>"] }), [BOILER]);
    expect(odd.ok ? {} : Object.keys(odd.errors)).toEqual(["serials.0"]);
    expect(parseWorkReport(post({ serials: [] }), []).ok).toBe(true);
  });

  it("reads the extras as quote lines, with commas, and refuses an extra without a price", () => {
    const extra = { kind: "material" as const, description: "Válvula de corte de 3/4", quality: "Latón", quantity: "2", unit: "ud", unitPrice: "18,50" };
    const parsed = parseWorkReport(post({ extras: [extra] }), [BOILER]);
    expect(parsed.ok && parsed.report.content.extras).toEqual([
      { kind: "material", productId: null, description: "Válvula de corte de 3/4", quality: "Latón", quantityMilli: 2000, unit: "ud", unitCents: 1850, used: false },
    ]);
    const bad = parseWorkReport(post({ extras: [{ ...extra, unitPrice: "", quantity: "0" }] }), [BOILER]);
    expect(bad.ok ? {} : bad.errors).toEqual({
      "extras.0.quantity": "Escriba la cantidad, por ejemplo 1 o 1,5.",
      "extras.0.unitPrice": "Escriba el precio por unidad sin IVA, por ejemplo 45,00.",
    });
  });

  it("requires the customer's drawn signature, a valid key, and no more than twelve photos", () => {
    const parsed = parseWorkReport(post({ signaturePath: "", key: "no-es-una-clave", photoIds: Array.from({ length: 13 }, (_, i) => i + 1) }), [BOILER]);
    expect(parsed.ok ? {} : parsed.errors).toEqual({
      key: "Falta la clave del parte: vuelva a cargar la página.",
      signaturePath: "Falta la firma del cliente en el recuadro.",
      photoIds: "Como máximo 12 fotos.",
    });
    expect(parseWorkReport(post({ signaturePath: "M 1 2 L 3 4<script>" }), [BOILER]).ok).toBe(false);
    expect(parseWorkReport("no es un parte", [BOILER]).ok).toBe(false);
  });
});

describe("the report's canonical text", () => {
  it("states what was signed, the extras' amount with VAT, and changes with any fact", () => {
    const parsed = parseWorkReport(post({ extras: [{ kind: "mano_de_obra", description: "Cambio de llave de paso", quality: "", quantity: "1,5", unit: "h", unitPrice: "40" }] }), [BOILER]);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const facts = {
      subject: { kind: "instalacion" as const, quoteNumber: "P2026-000123", quoteVersion: 1, alternative: "B" },
      seller: { legalName: "Termoclima Madrid S.L.", nif: "B12345678" },
      customer: { name: "Lucía Pérez", nif: "12345678Z" },
      workPlace: { address: "Calle de Alcalá 100", postcode: "28009", town: "Madrid", province: "Madrid" },
      technicianName: "Tomás Instalador",
      content: parsed.report.content,
      extrasTotalCents: 7260,
      vatRate: 21,
      photoCount: 2,
      signerName: "Lucía Pérez",
      signerIdNumber: "12345678Z",
      signedAt: new Date("2026-12-03T10:15:00Z"),
    };
    const text = workReportText(facts);
    expect(text).toContain("  [x] Prueba de estanqueidad del gas");
    expect(text).toContain("  [ ] Caldera anclada y nivelada");
    expect(text).toContain("  CO2: 9,2 %");
    expect(text).toContain("  Saunier Duval Thelia Condens 25: número de serie 21334500100234567");
    expect(text).toContain("  Mano de obra: Cambio de llave de paso: 1,5 h x 40,00 € = 60,00 €");
    expect(text).toContain("Declaración: Conforme con los trabajos realizados");
    expect(text).toContain("Declaración: Acepto los trabajos adicionales por 72,60 € (IVA incluido)");
    expect(text.split("\n").slice(0, 3)).toEqual(["Formato: parte-v1", "Parte de trabajo del presupuesto: P2026-000123 (versión 1, opción B)", "Empresa instaladora: Termoclima Madrid S.L."]);
    expect(workReportText({ ...facts, photoCount: 3 })).not.toBe(text);
    expect(workReportText(facts)).toBe(text);
  });

  it("a plan's maintenance visit: the maintenance record's heading, the maintainer and the units maintained", () => {
    const parsed = parseWorkReport(post({ checklistKind: "mantenimiento-caldera", done: ["quemador"] }), [BOILER]);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const text = workReportText({
      subject: { kind: "mantenimiento", title: "Plan n.º 12" },
      seller: { legalName: "Termoclima Madrid S.L.", nif: "B12345678" },
      customer: { name: "Lucía Pérez", nif: "12345678Z" },
      workPlace: { address: "Calle de Alcalá 100", postcode: "28009", town: "Madrid", province: "Madrid" },
      technicianName: "Tomás Instalador",
      content: parsed.report.content,
      extrasTotalCents: 0,
      vatRate: 21,
      photoCount: 0,
      signerName: "Lucía Pérez",
      signerIdNumber: "12345678Z",
      signedAt: new Date("2027-12-03T10:15:00Z"),
    });
    expect(text.split("\n").slice(0, 3)).toEqual(["Formato: mantenimiento-v1", "Registro de operaciones de mantenimiento: Plan n.º 12 (RITE, RD 1027/2007, IT 3.3)", "Empresa mantenedora: Termoclima Madrid S.L."]);
    expect(text).toContain("Tipo de trabajo: Mantenimiento de caldera de gas (RITE, IT 3.3)");
    expect(text).toContain("  [x] Limpieza del quemador de la caldera");
    expect(text).toContain("Equipos mantenidos:");
  });
});

describe("a refrigerant leak found on a maintenance visit (issue 31)", () => {
  const air = { checklistKind: "mantenimiento-aire", combustion: emptyCombustion(), done: [] as string[] };
  it("is kept with where it is, only where the checklist has the leak check", () => {
    const found = parseWorkReport(post({ ...air, leakFound: true, leakWhere: "Válvula de servicio: reapretada" }), [BOILER]);
    expect(found.ok && found.report.content.leak).toEqual({ where: "Válvula de servicio: reapretada" });
    const boiler = parseWorkReport(post({ leakFound: true, leakWhere: "" }), [BOILER]);
    expect(boiler.ok && boiler.report.content).not.toHaveProperty("leak");
    const none = parseWorkReport(post({ ...air }), [BOILER]);
    expect(none.ok && none.report.content).not.toHaveProperty("leak");
  });

  it("the record's text says it only when there is one: earlier reports' texts, and hashes, do not change", () => {
    const found = parseWorkReport(post({ ...air, leakFound: true, leakWhere: "Abocardado" }), [BOILER]);
    const none = parseWorkReport(post({ ...air }), [BOILER]);
    if (!found.ok || !none.ok) throw new Error("se esperaban dos partes válidos");
    const facts = (content: typeof found.report.content) => ({
      subject: { kind: "mantenimiento" as const, title: "Plan n.º 3" },
      seller: { legalName: "Termoclima Madrid S.L.", nif: "B12345674" },
      customer: { name: "Luis", nif: "12345678Z" },
      workPlace: { address: "Calle de Toledo 20", postcode: "28005", town: "Madrid", province: "Madrid" },
      technicianName: "Ana",
      content,
      extrasTotalCents: 0,
      vatRate: 21,
      photoCount: 0,
      signerName: "Luis",
      signerIdNumber: "12345678Z",
      signedAt: new Date("2026-12-03T10:15:00.000Z"),
    });
    const withLeak = workReportText(facts(found.report.content) as never);
    const without = workReportText(facts(none.report.content) as never);
    expect(withLeak).toContain("Fuga de refrigerante detectada: Abocardado.");
    expect(without).not.toContain("Fuga");
    expect(withLeak.replace(/\nFuga de refrigerante detectada:[^\n]*/, "")).toBe(without);
  });
});
