import { describe, expect, it } from "vitest";
import { customerLabel, customerValues, filledBlanks, matchedBy, phoneKey } from "./customer-facts";

describe("customer facts (issue 30)", () => {
  it("a phone's key is its last nine national digits however typed; fewer digits identify nobody", () => {
    expect(phoneKey("+34 600 12 34 56")).toBe("600123456");
    expect(phoneKey("0034-600123456")).toBe("600123456");
    expect(phoneKey("600 12 34")).toBe("");
  });

  it("values: e-mail lower case, a valid id compact, a mistyped one dropped", () => {
    const values = customerValues({ name: "  Ana   García ", email: " Ana@Example.COM ", nif: "12.345.678-z", phone: "600 12 34 56" });
    expect(values).toMatchObject({ name: "Ana García", email: "ana@example.com", nif: "12345678Z", phoneKey: "600123456" });
    expect(customerValues({ name: "X", nif: "12345678A", email: "no-es-email" })).toMatchObject({ nif: "", email: "" });
  });

  it("matched by e-mail, else id, else phone unless both e-mails differ", () => {
    const record = customerValues({ name: "Ana", email: "ana@example.com", nif: "12345678Z", phone: "600123456" });
    expect(matchedBy(record, customerValues({ name: "", email: "ANA@example.com" }))).toBe("email");
    expect(matchedBy(record, customerValues({ name: "", email: "compras@example.com", nif: "12345678z" }))).toBe("nif");
    expect(matchedBy(record, customerValues({ name: "", phone: "+34 600 123 456" }))).toBe("phone");
    // Her husband, same landline, his own e-mail: another customer.
    expect(matchedBy(record, customerValues({ name: "", phone: "600123456", email: "luis@example.com" }))).toBeNull();
    expect(matchedBy(record, customerValues({ name: "Ana" }))).toBeNull();
  });

  it("a record learns only its empty fields; the phone and its key go together", () => {
    const record = customerValues({ name: "Ana", email: "ana@example.com" });
    const more = customerValues({ name: "Ana María", phone: "611 22 33 44", town: "Getafe", userId: "u1" });
    expect(filledBlanks(record, more)).toEqual({ phone: "611 22 33 44", phoneKey: "611223344", town: "Getafe", userId: "u1" });
    // An address is one thing: never the street of one and the postcode of another.
    const home = customerValues({ name: "Ana", email: "a@example.com", address: "Calle de Alcalá 120", town: "Madrid" });
    expect(filledBlanks(home, customerValues({ name: "Ana", address: "Calle de Toledo 20", postcode: "28901", town: "Getafe" }))).toEqual({});
    expect(filledBlanks(home, customerValues({ name: "Ana", address: "calle de alcalá 120", postcode: "28009", province: "Madrid" }))).toEqual({ postcode: "28009", province: "Madrid" });
  });

  it("labels", () => {
    expect(customerLabel({ name: "Ana", company: "Climas Sur S.L." })).toBe("Ana (Climas Sur S.L.)");
    expect(customerLabel({ name: "", company: "Climas Sur S.L." })).toBe("Climas Sur S.L.");
    expect(customerLabel({ name: "", company: "" })).toBe("(sin nombre)");
  });
});
