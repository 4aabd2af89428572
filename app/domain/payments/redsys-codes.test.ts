import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAuthorised, newRedsysOrderCode, REDSYS_ORDER_PATTERN, responseMeaning } from "./redsys-codes";

describe("newRedsysOrderCode", () => {
  it("always follows Redsys's rule: 12 characters, the first 4 digits, the rest letters or digits", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), (bytes) => {
        const code = newRedsysOrderCode(() => bytes);
        expect(code).toHaveLength(12);
        expect(code).toMatch(REDSYS_ORDER_PATTERN);
      }),
    );
  });

  it("differs from one attempt to the next", () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newRedsysOrderCode((n) => crypto.getRandomValues(new Uint8Array(n)))));
    expect(codes.size).toBe(1000);
  });
});

describe("response codes", () => {
  it("0000 to 0099 are authorised, the rest are not", () => {
    expect(["0000", "0", "0099", "99"].every(isAuthorised)).toBe(true);
    expect(["0100", "0190", "0900", "9915", "", "SIS0051", "-1", "00000"].some(isAuthorised)).toBe(false);
  });

  it("have a Spanish meaning, known or not", () => {
    expect(responseMeaning("0000")).toBe("Operación autorizada");
    expect(responseMeaning("190")).toBe("Denegación del emisor sin especificar motivo");
    expect(responseMeaning("9915")).toBe("El cliente canceló el pago");
    expect(responseMeaning("0173")).toBe("Denegada, no repetir sin actualizar los datos de la tarjeta");
    expect(responseMeaning("0900")).toBe("Devolución o confirmación aceptada");
    expect(responseMeaning("0777")).toBe("Operación denegada (código 0777)");
    expect(responseMeaning("SIS0051")).toBe("Error de Redsys SIS0051");
  });
});
