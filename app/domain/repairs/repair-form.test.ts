import { describe, expect, it } from "vitest";
import { parseRepairForm, REPAIR_MESSAGES } from "./repair-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

const valid = {
  name: "Carmen Ortega",
  phone: "600 111 222",
  email: "carmen@example.com",
  address: "Calle de Toledo 20, 3º B",
  postcode: "28005",
  town: "Madrid",
  family: "calderas",
  brand: "Saunier Duval",
  model: "Thema Condens",
  serial: "",
  problem: "No enciende y la pantalla marca F28.",
  urgency: "urgente",
  availability: "Mañanas",
};

describe("the breakdown form (issue 31)", () => {
  it("takes a full report, the plate optional", () => {
    expect(parseRepairForm(form(valid), false)).toMatchObject({ ok: true, values: { family: "calderas", urgency: "urgente", serial: "" } });
  });

  it("says in Spanish what is missing or wrong, field by field", () => {
    const result = parseRepairForm(form({ ...valid, phone: "12", postcode: "99999", problem: "mal", family: "", urgency: "", email: "carmen" }), false);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      phone: "Escriba un teléfono válido, de 9 cifras (con o sin +34).",
      postcode: expect.stringContaining("código postal"),
      problem: REPAIR_MESSAGES.problem,
      family: REPAIR_MESSAGES.family,
      urgency: REPAIR_MESSAGES.urgency,
      email: "Escriba un email válido, p. ej. nombre@correo.es.",
    });
  });

  it("with a known unit the unit's fields are not asked; by phone the e-mail may be missing", () => {
    expect(parseRepairForm(form({ ...valid, family: "" }), true).ok).toBe(true);
    expect(parseRepairForm(form({ ...valid, email: "" }), false).ok).toBe(false);
    expect(parseRepairForm(form({ ...valid, email: "" }), false, { byPhone: true }).ok).toBe(true);
  });
});
