import { describe, expect, it } from "vitest";
import { adminKind, customersHref, parseCustomerQuery, refusal } from "./customers";

const someone = { self: false, listed: false, banned: false, role: "user" };

describe("refusal", () => {
  it("an administrator neither disables nor demotes themself", () => {
    expect(refusal("disable", { ...someone, self: true })).toBe("No puede deshabilitar su propia cuenta.");
    expect(refusal("revoke", { ...someone, self: true, role: "admin" })).toBe("No puede quitarse a sí mismo el papel de administrador.");
  });

  it("the configuration's administrators change only in the configuration", () => {
    expect(refusal("revoke", { ...someone, listed: true })).toMatch(/ADMIN_EMAILS/);
    expect(refusal("disable", { ...someone, listed: true })).toMatch(/ADMIN_EMAILS/);
    expect(refusal("grant", { ...someone, listed: true })).toBe("La cuenta ya es administradora.");
  });

  it("allows the ordinary changes and refuses the ones that change nothing", () => {
    expect(refusal("disable", someone)).toBeNull();
    expect(refusal("grant", someone)).toBeNull();
    expect(refusal("enable", { ...someone, banned: true })).toBeNull();
    expect(refusal("revoke", { ...someone, role: "admin" })).toBeNull();
    expect(refusal("enable", someone)).toBe("La cuenta ya está habilitada.");
    expect(refusal("disable", { ...someone, banned: true })).toBe("La cuenta ya está deshabilitada.");
    expect(refusal("revoke", someone)).toBe("La cuenta no es administradora.");
  });

  it("grants the role only to a proven address (issue 28)", () => {
    expect(refusal("grant", { ...someone, verified: false })).toMatch(/Nadie ha confirmado/);
    expect(refusal("grant", { ...someone, verified: true })).toBeNull();
  });
});

describe("the list's URL", () => {
  it("reads and writes the search and the page; nonsense falls back to the first page", () => {
    expect(parseCustomerQuery(new URLSearchParams("q=  ana   lópez &pagina=3"))).toEqual({ q: "ana lópez", page: 3 });
    expect(parseCustomerQuery(new URLSearchParams("pagina=-1"))).toEqual({ q: "", page: 1 });
    expect(customersHref({ q: "ana", page: 1 }, 2)).toBe("/admin/cuentas?q=ana&pagina=2");
    expect(customersHref({ q: "", page: 1 })).toBe("/admin/cuentas");
  });

  it("tells the kinds of administrator apart", () => {
    expect(adminKind({ role: "admin", listed: true })).toBe("configuración");
    expect(adminKind({ role: "admin", listed: false })).toBe("concedido");
    expect(adminKind({ role: "user", listed: false })).toBeNull();
  });
});
