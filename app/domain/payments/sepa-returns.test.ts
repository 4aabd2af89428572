import { describe, expect, it } from "vitest";
import { RETURN_REASONS, returnReason } from "./sepa-returns";

describe("returnReason", () => {
  it.each([
    ["AM04", "No había saldo suficiente en la cuenta el día del cargo.", true],
    ["MD06", "Usted pidió a su banco la devolución del recibo.", true],
    ["MS02", "El titular de la cuenta rechazó el recibo en su banco.", true],
    ["AC04", "La cuenta está cancelada.", false],
    ["AC06", "La cuenta está bloqueada, o bloqueada para recibos domiciliados.", false],
    ["MD01", "Su banco no tiene constancia de la orden de domiciliación (el mandato) que nos firmó.", false],
    ["MD07", "El titular de la cuenta ha fallecido.", false],
  ])("%s: %s (mandate usable: %s)", (code, meaning, mandateUsable) => {
    expect(returnReason(code)).toEqual({ code, meaning, mandateUsable });
  });

  it("tells the customer when the fault was ours", () => {
    for (const code of ["FF01", "BE05", "RC01", "AG02"]) expect(returnReason(code).meaning).toContain("no tiene que hacer nada");
  });

  it("reads codes as banks write them, and keeps the mandate unused on a code it does not know", () => {
    expect(returnReason(" am04 ").code).toBe("AM04");
    expect(returnReason("ZZ99")).toEqual({ code: "ZZ99", meaning: "Su banco ha devuelto el recibo; nos pondremos en contacto con usted.", mandateUsable: false });
  });

  it("has every code the issue names, each with a Spanish meaning", () => {
    for (const code of ["AC01", "AC04", "AC06", "AG01", "AM04", "MD01", "MD06", "MS02", "MS03", "SL01"]) expect(RETURN_REASONS[code]).toBeDefined();
    for (const [code, { meaning }] of Object.entries(RETURN_REASONS)) {
      expect(code).toMatch(/^[A-Z0-9]{4}$/);
      expect(meaning).toMatch(/^[A-ZÁÉÍÓÚ¿].*\.$/);
    }
  });
});
