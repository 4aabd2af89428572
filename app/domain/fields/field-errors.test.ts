import { describe, expect, it } from "vitest";
import * as z from "zod";
import * as zm from "zod/mini";
import { dottedPath, fieldErrors, firstMessage } from "./field-errors";

const schema = z.object({
  name: z.string().min(1, "Escriba su nombre.").max(3, "Como máximo 3 caracteres."),
  email: z.email("Escriba un email válido."),
  nested: z.object({ co: z.string().regex(/^\d+$/, "Solo cifras.") }),
});

describe("fieldErrors", () => {
  it("gives each field its first message, whatever else is wrong with it", () => {
    const refused = schema.safeParse({ name: "", email: "no", nested: { co: "x" } });
    expect(fieldErrors(refused.error!)).toEqual({ name: "Escriba su nombre.", email: "Escriba un email válido.", nested: "Solo cifras." });
  });

  it("names nested fields by their whole path when asked, and keeps errors found before", () => {
    const refused = schema.safeParse({ name: "Ana", email: "ana@example.com", nested: { co: "x" } });
    const before = { "nested.co": "Escriba el CO.", serials: "Falta el número de serie." };
    expect(fieldErrors(refused.error!, { key: dottedPath, into: before })).toEqual({ "nested.co": "Escriba el CO.", serials: "Falta el número de serie." });
  });

  it("puts an issue of the whole form under 'form', and reads zod/mini errors the same way", () => {
    const whole = z.object({ a: z.string() }).refine(() => false, "Revise el formulario.");
    expect(fieldErrors(whole.safeParse({ a: "" }).error!)).toEqual({ form: "Revise el formulario." });
    const mini = zm.object({ cp: zm.string().check(zm.regex(/^\d{5}$/, "Cinco cifras.")) });
    expect(fieldErrors(mini.safeParse({ cp: "1" }).error!)).toEqual({ cp: "Cinco cifras." });
  });
});

describe("firstMessage", () => {
  it("gives the first issue's message, or the fallback when there is none", () => {
    expect(firstMessage({ issues: [{ path: ["q"], message: "Demasiado larga." }, { path: ["p"], message: "Otra." }] }, "Revise.")).toBe("Demasiado larga.");
    expect(firstMessage({ issues: [] }, "Revise.")).toBe("Revise.");
  });
});
