import { describe, expect, it } from "vitest";
import {
  CONTACT_MAX_LENGTH,
  CONTACT_REQUIRED_MESSAGE,
  parseProductId,
  safeSourcePage,
  thanksHref,
} from "./contact-form";
import { validateContact } from "./contact-form-schema";

const valid = {
  nameAndSurname: "Lucía García Pérez",
  phone: "600 123 456",
  email: "lucia@example.com",
  adress: "Calle de Alcalá 120, 3º B",
  state: "Madrid",
  message: "Quisiera cambiar la caldera.",
};

describe("contact form rules (spec section 5)", () => {
  it("accepts a complete request and trims what was typed", () => {
    const result = validateContact({ ...valid, nameAndSurname: "  Lucía García Pérez  " });
    expect(result).toEqual({ ok: true, values: valid });
  });

  it("keeps the spec's message word for word", () => {
    expect(CONTACT_REQUIRED_MESSAGE).toBe(
      "Para poder contactarte necesitamos un Nombre, un email/telefono , direccion y localidad",
    );
  });

  it.each([
    ["no name", { nameAndSurname: "" }, ["nameAndSurname"]],
    ["neither phone nor e-mail", { phone: "", email: "" }, ["phone", "email"]],
    ["no town", { state: "" }, ["state"]],
    ["no address", { adress: "" }, ["adress"]],
    ["a name of spaces only", { nameAndSurname: "   " }, ["nameAndSurname"]],
    ["phone and e-mail of blanks only", { phone: " \t", email: "  " }, ["phone", "email"]],
    ["a town of a line break", { state: "\n" }, ["state"]],
  ])("refuses %s with the spec's red message", (_case, change, invalid) => {
    expect(validateContact({ ...valid, ...change })).toEqual({ ok: false, error: CONTACT_REQUIRED_MESSAGE, invalid });
  });

  it("refuses an empty form, marking every required field", () => {
    const result = validateContact(new FormData());
    expect(result).toEqual({
      ok: false,
      error: CONTACT_REQUIRED_MESSAGE,
      invalid: ["nameAndSurname", "phone", "email", "adress", "state"],
    });
  });

  it("needs only one of phone and e-mail; the message is optional", () => {
    expect(validateContact({ ...valid, email: "", message: "" }).ok).toBe(true);
    expect(validateContact({ ...valid, phone: "" }).ok).toBe(true);
    const { message: _message, ...withoutMessage } = valid;
    expect(validateContact(withoutMessage).ok).toBe(true);
  });

  it("checks no format of phone or e-mail (spec section 5)", () => {
    expect(validateContact({ ...valid, phone: "llamar por la tarde", email: "no tengo" }).ok).toBe(true);
  });

  it("refuses text beyond the limits with a Spanish message naming the field", () => {
    const result = validateContact({ ...valid, message: "x".repeat(CONTACT_MAX_LENGTH.message + 1) });
    expect(result).toEqual({
      ok: false,
      error: "El campo «Mensaje» es demasiado largo: como máximo 5000 caracteres.",
      invalid: ["message"],
    });
    expect(validateContact({ ...valid, message: "x".repeat(CONTACT_MAX_LENGTH.message) }).ok).toBe(true);
    for (const field of ["nameAndSurname", "phone", "email", "adress", "state"] as const) {
      const long = validateContact({ ...valid, [field]: "a".repeat(CONTACT_MAX_LENGTH[field] + 1) });
      expect(long.ok).toBe(false);
    }
  });

  it("says what is missing before what is too long", () => {
    const result = validateContact({ ...valid, nameAndSurname: "", message: "x".repeat(6000) });
    expect(result.ok === false && result.error).toBe(CONTACT_REQUIRED_MESSAGE);
  });

  it("treats a file or a missing field as empty", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(valid)) form.set(key, value);
    form.set("nameAndSurname", new Blob(["x"]));
    expect(validateContact(form).ok).toBe(false);
  });
});

describe("where the form was sent from", () => {
  it("keeps paths of this site, and nothing that could become a link elsewhere or markdown", () => {
    expect(safeSourcePage("/tienda/detalle/calderas/1")).toBe("/tienda/detalle/calderas/1");
    expect(safeSourcePage("/promo-Saunier")).toBe("/promo-Saunier");
    expect(safeSourcePage("/")).toBe("/");
    expect(safeSourcePage("//evil.example")).toBe("/contacto");
    expect(safeSourcePage("https://evil.example")).toBe("/contacto");
    expect(safeSourcePage("/x)[pulse](https://evil.example")).toBe("/contacto");
    expect(safeSourcePage("/a b")).toBe("/a%20b");
    expect(safeSourcePage("/\t/evil.example")).toBe("/contacto");
    expect(safeSourcePage(`/${"a".repeat(400)}`)).toBe("/contacto");
    expect(safeSourcePage(null, "/")).toBe("/");
  });

  it("reads a product id only when it is one", () => {
    expect(parseProductId("12")).toBe(12);
    expect(parseProductId("0")).toBeNull();
    expect(parseProductId("1e3")).toBeNull();
    expect(parseProductId("-1")).toBeNull();
    expect(parseProductId(null)).toBeNull();
  });

  it("sends the visitor to the thank-you page, remembering the page", () => {
    expect(thanksHref("/")).toBe("/promo-Saunier/gracias");
    expect(thanksHref("/tienda/detalle/calderas/1")).toBe("/promo-Saunier/gracias?desde=%2Ftienda%2Fdetalle%2Fcalderas%2F1");
  });
});
