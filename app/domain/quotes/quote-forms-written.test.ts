import { describe, expect, it } from "vitest";
import { fieldErrors } from "../fields/field-errors";
import { acceptForm, changesForm } from "./quote-answer-form";
import { parseEditorForm, sendProblems } from "./quote-editor-form";

const HASH = "a".repeat(64);

describe("the editor's form", () => {
  const base = {
    customerName: "Ana Pérez",
    customerEmail: "ANA@example.com",
    customerAddress: "Calle Mayor 1",
    placeSame: "on",
    description: "Cambio de caldera",
    guarantee: "2 años",
    validityDays: "",
    depositKind: "porcentaje",
    depositPercent: "30",
    "alt-A-title": "Caldera A",
    "A-0-kind": "producto",
    "A-0-productId": "3",
    "A-0-description": "Caldera Saunier",
    "A-0-quantity": "1",
    "A-0-price": "1.000,00",
    "A-1-kind": "mano_de_obra",
    "A-1-description": "Instalación",
    "A-1-quantity": "2,5",
    "A-1-price": "45",
    "A-2-kind": "material",
    "A-2-description": "",
    "A-2-price": "",
    "B-0-kind": "material",
    "B-0-description": "Tubo",
    "B-0-price": "10",
    "B-0-used": "on",
    "B-0-remove": "on",
  };
  it("reads lines, skips blank and removed rows, defaults 30 days", () => {
    const result = parseEditorForm(base);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { draft, customer, workPlace } = result.value;
    expect(customer.email).toBe("ana@example.com");
    expect(workPlace.address).toBe("Calle Mayor 1");
    expect(draft.validityDays).toBe(30);
    expect(draft.deposit).toEqual({ kind: "porcentaje", percent: 30 });
    expect(draft.alternatives).toHaveLength(1);
    expect(draft.alternatives[0]!.lines).toEqual([
      expect.objectContaining({ kind: "producto", productId: 3, unitCents: 100000, quantityMilli: 1000, unit: "ud" }),
      expect.objectContaining({ kind: "mano_de_obra", productId: null, unitCents: 4500, quantityMilli: 2500, unit: "h" }),
    ]);
    expect(sendProblems(result.value)).toEqual({});
  });
  it("answers bad values in Spanish, per field", () => {
    const result = parseEditorForm({ ...base, "A-1-price": "cuarenta", depositPercent: "130", customerEmail: "no" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.customerEmail).toBe("Escriba un e-mail válido.");
    const again = parseEditorForm({ ...base, "A-1-price": "cuarenta", depositPercent: "130" });
    expect(again.ok ? {} : again.errors).toMatchObject({ "A-1-price": expect.stringMatching(/precio/), depositPercent: expect.stringMatching(/porcentaje/) });
  });
  it("a draft without customer or lines can be saved, not sent", () => {
    const result = parseEditorForm({ depositKind: "ninguno" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(sendProblems(result.value))).toEqual(expect.arrayContaining(["customerName", "customerEmail", "description", "alt-A-title"]));
  });
});

describe("the customer's forms", () => {
  const accept = { version: "2", documentSha256: HASH, alternative: "B", fullName: "Ana Pérez", typedSignature: "Ana Pérez", statement: "on" };
  it("accepts with a typed or a drawn signature and the statement", () => {
    expect(acceptForm.safeParse(accept).success).toBe(true);
    expect(acceptForm.safeParse({ ...accept, typedSignature: "", signaturePath: "M 1 2 L 3 4" }).success).toBe(true);
  });
  it("refuses without the statement, a signature or an alternative", () => {
    const refused = acceptForm.safeParse({ ...accept, statement: undefined, typedSignature: "", alternative: "D" });
    expect(refused.success).toBe(false);
    if (!refused.success) {
      expect(fieldErrors(refused.error)).toMatchObject({
        statement: expect.stringMatching(/Presupuesto recibido/),
        alternative: "Elija una de las opciones del presupuesto.",
      });
    }
    const unsigned = acceptForm.safeParse({ ...accept, typedSignature: "" });
    expect(unsigned.success ? {} : fieldErrors(unsigned.error)).toEqual({ signature: "Firme en el recuadro o escriba su nombre como firma." });
    expect(acceptForm.safeParse({ ...accept, signaturePath: "M 1 2 L 3 4<script>" }).success).toBe(false);
  });
  it("asks for a message with the changes", () => {
    expect(changesForm.safeParse({ version: "1", documentSha256: HASH, message: "" }).success).toBe(false);
    expect(changesForm.safeParse({ version: "1", documentSha256: HASH, message: "Otra marca, por favor" }).success).toBe(true);
  });
});
