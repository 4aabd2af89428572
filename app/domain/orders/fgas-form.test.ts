import { describe, expect, it } from "vitest";
import { FGAS_MESSAGES } from "./fgas-fields";
import { validateInstallerForm } from "./fgas-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the installing company, given later", () => {
  it("takes a name, a checked NIF (normalised) and a registration number", () => {
    expect(validateInstallerForm(form({ "gf-empresa": " Clima Norte S.L. ", "gf-empresa-nif": "b-1234567-4", "gf-registro": "RGF-28-1234" }))).toEqual({
      ok: true,
      values: { installerName: "Clima Norte S.L.", installerId: "B12345674", installerRegistration: "RGF-28-1234" },
    });
    expect(validateInstallerForm(form({ "gf-empresa": "Clima Norte" }))).toMatchObject({ ok: true, values: { installerId: "", installerRegistration: "" } });
  });

  it("needs at least the name, and a NIF with its right control character when given", () => {
    expect(validateInstallerForm(form({}))).toEqual({ ok: false, errors: { "gf-empresa": FGAS_MESSAGES.installerEmpty } });
    expect(validateInstallerForm(form({ "gf-empresa": "Clima Norte", "gf-empresa-nif": "B12345670" }))).toEqual({
      ok: false,
      errors: { "gf-empresa-nif": FGAS_MESSAGES.installerId },
    });
    expect(validateInstallerForm(form({ "gf-empresa": "x".repeat(151) }))).toEqual({ ok: false, errors: { "gf-empresa": "Como máximo 150 caracteres." } });
  });
});
