import { describe, expect, it } from "vitest";
import { ALERT_MESSAGES, alertLinkPath, isAlertToken } from "./alert-form";
import { validateStockAlert } from "./alert-form-schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the back-in-stock form's schema", () => {
  it("takes an address and the ticked consent, trimmed", () => {
    expect(validateStockAlert(form({ email: "  ana.lopez@correo.es ", consentimiento: "si" }))).toEqual({
      ok: true,
      values: { email: "ana.lopez@correo.es", consent: "si" },
    });
  });

  it("says what is wrong with each field, the address first", () => {
    expect(validateStockAlert(form({}))).toEqual({
      ok: false,
      error: ALERT_MESSAGES.emailMissing,
      fieldErrors: { email: ALERT_MESSAGES.emailMissing, consent: ALERT_MESSAGES.consent },
    });
    const noConsent = validateStockAlert(form({ email: "ana@correo.es" }));
    expect(noConsent).toEqual({ ok: false, error: ALERT_MESSAGES.consent, fieldErrors: { consent: ALERT_MESSAGES.consent } });
    expect(validateStockAlert(form({ email: "ana@correo.es", consentimiento: "on" })).ok).toBe(false);
  });

  it("refuses what no mail server would deliver to, and addresses past 254 characters", () => {
    for (const email of ["ana", "ana@correo", "ana @correo.es", "@correo.es", "ana@@correo.es", "ana@correo.e"]) {
      const result = validateStockAlert(form({ email, consentimiento: "si" }));
      expect(result, email).toMatchObject({ ok: false, fieldErrors: { email: ALERT_MESSAGES.emailInvalid } });
    }
    const long = `${"a".repeat(250)}@correo.es`;
    expect(validateStockAlert(form({ email: long, consentimiento: "si" }))).toMatchObject({ ok: false, fieldErrors: { email: ALERT_MESSAGES.emailTooLong } });
  });
});

describe("the links of the alert's e-mails", () => {
  it("carry a token of the server's shape, and nothing else gets looked up", () => {
    expect(alertLinkPath("confirmar", "abcDEF123_-abcDEF123_-")).toBe("/avisos-disponibilidad/confirmar/abcDEF123_-abcDEF123_-");
    expect(isAlertToken("abcDEF123_-abcDEF123_-")).toBe(true);
    for (const bad of [undefined, "", "corto", "a".repeat(101), "abcdefghijklmnopqrst/", "abcdefghijklmnopqrst%20"]) {
      expect(isAlertToken(bad), String(bad)).toBe(false);
    }
  });
});
