import { describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "./order-form";
import { validateOrderForm } from "./order-form-schema";
import { FGAS_MESSAGES } from "./fgas-fields";
import { PROVINCES } from "../provinces";

const MADRID = { name: "Comunidad de Madrid", prefixes: ["28"] };

const KEY = "0b8c7a4e-5d8f-4a57-9a1c-7f3e2d1c0b9a";

const shipping = {
  "envio-id": "12345678z",
  "envio-nombre": " Ana ",
  "envio-apellidos": "García López",
  "envio-empresa": "",
  "envio-direccion": "Calle Mayor 1, 2º B",
  "envio-poblacion": "Madrid",
  "envio-provincia": "Madrid",
  "envio-cp": "28013",
  "envio-telefono": "600 123456",
};

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The hidden fields of the page: the total it showed and the fingerprint of its lines. */
const QUOTE = { total: "195890", lineas: "0a1b2c3d" };

const valid = { ...shipping, facturacion: "igual", pago: "transferencia", condiciones: "acepto", clave: KEY, ...QUOTE };

describe("order form schema (spec section 5)", () => {
  it("accepts a complete form; billing copies shipping; the id is normalised; pais is España", () => {
    const result = validateOrderForm(form(valid), { serviceArea: null });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values.shipping).toEqual({
      id: "12345678Z",
      nombre: "Ana",
      apellidos: "García López",
      empresa: "",
      direccion: "Calle Mayor 1, 2º B",
      pais: "España",
      poblacion: "Madrid",
      provincia: "Madrid",
      cp: "28013",
      telefono: "600 123456",
    });
    expect(result.values.billing).toEqual(result.values.shipping);
    expect(result.values.sameBilling).toBe(true);
    expect(result.values.payMethod).toBe("transferencia");
    expect(result.values.idempotencyKey).toBe(KEY);
    expect(result.values.expected).toEqual({ totalCents: 195890, lines: "0a1b2c3d" });
  });

  it("an empty form: every required field, the terms, the payment and the key, by field name", () => {
    const result = validateOrderForm(form({}), { serviceArea: null });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      "envio-id": ORDER_MESSAGES.idEmpty,
      "envio-nombre": ORDER_MESSAGES.nombre,
      "envio-apellidos": ORDER_MESSAGES.apellidos,
      "envio-direccion": ORDER_MESSAGES.direccion,
      "envio-poblacion": ORDER_MESSAGES.poblacion,
      "envio-provincia": ORDER_MESSAGES.provincia,
      "envio-cp": ORDER_MESSAGES.cp,
      "envio-telefono": ORDER_MESSAGES.telefono,
      facturacion: ORDER_MESSAGES.billing,
      pago: ORDER_MESSAGES.payment,
      condiciones: ORDER_MESSAGES.terms,
      clave: ORDER_MESSAGES.key,
      total: ORDER_MESSAGES.key,
      lineas: ORDER_MESSAGES.key,
    });
    expect(result.errors).not.toHaveProperty("envio-empresa");
  });

  it("checks the id's control letter, the postcode range and the phone shape", () => {
    const result = validateOrderForm(
      form({ ...valid, "envio-id": "12345678A", "envio-cp": "53000", "envio-telefono": "600 123 456" }),
      { serviceArea: null },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["envio-cp", "envio-id", "envio-telefono"]);
    expect(result.errors["envio-id"]).toBe(ORDER_MESSAGES.id);
  });

  it("accepts NIE and CIF ids", () => {
    for (const id of ["X1234567L", "B12345674", "a28015865"]) {
      expect(validateOrderForm(form({ ...valid, "envio-id": id }), { serviceArea: null }).ok, id).toBe(true);
    }
  });

  it("the terms must be accepted", () => {
    const result = validateOrderForm(form({ ...valid, condiciones: "" }), { serviceArea: null });
    expect(result).toEqual({ ok: false, errors: { condiciones: ORDER_MESSAGES.terms } });
  });

  it("card and Bizum are in testing: refused", () => {
    for (const pago of ["tarjeta", "bizum", "efectivo"]) {
      const result = validateOrderForm(form({ ...valid, pago }), { serviceArea: null });
      expect(result).toEqual({ ok: false, errors: { pago: ORDER_MESSAGES.payment } });
    }
  });

  it("provinces: any of the 50, or only those of the service area when the basket holds a service", () => {
    expect(PROVINCES).toHaveLength(50);
    const toledo = form({ ...valid, "envio-provincia": "Toledo" });
    expect(validateOrderForm(toledo, { serviceArea: null }).ok).toBe(true);
    expect(validateOrderForm(toledo, { serviceArea: MADRID })).toEqual({
      ok: false,
      errors: { "envio-provincia": "La instalación y el mantenimiento solo se ofrecen en Madrid: elija Madrid." },
    });
    const centre = { name: "zona centro", prefixes: ["28", "45"] };
    expect(validateOrderForm(toledo, { serviceArea: centre }).ok).toBe(true);
    expect(validateOrderForm(form({ ...valid, "envio-provincia": "Cuenca" }), { serviceArea: centre }).ok).toBe(false);
    expect(validateOrderForm(form({ ...valid, "envio-provincia": "Narnia" }), { serviceArea: null }).ok).toBe(false);
  });

  it("a service needs a shipping postcode inside the area, said on the postcode field", () => {
    expect(validateOrderForm(form({ ...valid, "envio-cp": "28901" }), { serviceArea: MADRID }).ok).toBe(true);
    const guadalajara = form({ ...valid, "envio-cp": "19001" });
    expect(validateOrderForm(guadalajara, { serviceArea: null }).ok).toBe(true);
    expect(validateOrderForm(guadalajara, { serviceArea: MADRID })).toEqual({
      ok: false,
      errors: { "envio-cp": expect.stringMatching(/^La instalación y el mantenimiento solo se ofrecen en la Comunidad de Madrid/) },
    });
    // What is no postcode at all gets the usual message, not the area's.
    expect(validateOrderForm(form({ ...valid, "envio-cp": "2800" }), { serviceArea: MADRID })).toEqual({
      ok: false,
      errors: { "envio-cp": ORDER_MESSAGES.cp },
    });
  });

  it("F-gas equipment without installation: the declaration, its NIF/NIE checked, the installer optional", () => {
    const declaration = { "gf-nombre": " Marta Ruiz Ortega ", "gf-nif": "x1234567l", "gf-compromiso": "acepto" };
    expect(validateOrderForm(form(valid), { serviceArea: null, fgas: true })).toEqual({
      ok: false,
      errors: { "gf-nombre": FGAS_MESSAGES.name, "gf-nif": FGAS_MESSAGES.idEmpty, "gf-compromiso": FGAS_MESSAGES.commitment },
    });
    const ok = validateOrderForm(form({ ...valid, ...declaration }), { serviceArea: null, fgas: true });
    expect(ok.ok && ok.values.fgas).toEqual({
      declarantName: "Marta Ruiz Ortega",
      declarantId: "X1234567L",
      installerName: "",
      installerId: "",
      installerRegistration: "",
    });
    const badIds = validateOrderForm(form({ ...valid, ...declaration, "gf-nif": "12345678A", "gf-empresa-nif": "B12345670" }), {
      serviceArea: null,
      fgas: true,
    });
    expect(badIds).toEqual({ ok: false, errors: { "gf-nif": FGAS_MESSAGES.id, "gf-empresa-nif": FGAS_MESSAGES.installerId } });
    // Not asked for: the fields are ignored and no declaration comes out.
    const none = validateOrderForm(form({ ...valid, ...declaration }), { serviceArea: null });
    expect(none.ok && none.values.fgas).toBeUndefined();
  });

  it("'Otros' validates the billing form on its own, which may be outside Madrid", () => {
    const billing = {
      "factura-id": "B12345674",
      "factura-nombre": "Reformas Ana",
      "factura-apellidos": "S.L.",
      "factura-empresa": "Reformas Ana S.L.",
      "factura-direccion": "Avenida del Puerto 3",
      "factura-poblacion": "Valencia",
      "factura-provincia": "Valencia",
      "factura-cp": "46021",
      "factura-telefono": "96-1234567",
    };
    const ok = validateOrderForm(form({ ...valid, ...billing, facturacion: "otros" }), { serviceArea: MADRID });
    expect(ok.ok).toBe(true);
    if (ok.ok) {
      expect(ok.values.sameBilling).toBe(false);
      expect(ok.values.billing).toMatchObject({ id: "B12345674", provincia: "Valencia", pais: "España" });
      expect(ok.values.shipping.provincia).toBe("Madrid");
    }
    const bad = validateOrderForm(form({ ...valid, ...billing, "factura-cp": "", facturacion: "otros" }), { serviceArea: null });
    expect(bad).toEqual({ ok: false, errors: { "factura-cp": ORDER_MESSAGES.cp } });
    // With "Igual que la de envío" the billing fields are ignored, even if invalid.
    expect(validateOrderForm(form({ ...valid, ...billing, "factura-cp": "" }), { serviceArea: null }).ok).toBe(true);
  });

  it("refuses overlong fields", () => {
    const result = validateOrderForm(form({ ...valid, "envio-direccion": "x".repeat(201) }), { serviceArea: null });
    expect(result).toEqual({ ok: false, errors: { "envio-direccion": "Como máximo 200 caracteres." } });
  });

  it("the page's total and lines fingerprint: whole cents and 8 hex digits, or a refusal (never a crash)", () => {
    for (const total of ["", "abc", "-1", "1e5", "12.50", "12345678901", " 100"]) {
      const result = validateOrderForm(form({ ...valid, total }), { serviceArea: null });
      expect(result, total).toEqual({ ok: false, errors: { total: ORDER_MESSAGES.key } });
    }
    for (const lineas of ["", "0a1b2c3", "0A1B2C3D", "0a1b2c3d0", "zzzzzzzz"]) {
      const result = validateOrderForm(form({ ...valid, lineas }), { serviceArea: null });
      expect(result, lineas).toEqual({ ok: false, errors: { lineas: ORDER_MESSAGES.key } });
    }
    const zero = validateOrderForm(form({ ...valid, total: "0" }), { serviceArea: null });
    expect(zero.ok && zero.values.expected.totalCents).toBe(0);
  });
});

describe("the consent to keep the card for a plan's renewals (issue 31)", () => {
  const card = { ...valid, pago: "tarjeta", "tarjeta-renovaciones": "si" };
  it("counts only when paying by card with a maintenance plan in the basket", () => {
    expect(validateOrderForm(form(card), { serviceArea: null, online: true, plan: true })).toMatchObject({ ok: true, values: { keepCard: true, payMethod: "tarjeta" } });
    const without = validateOrderForm(form(card), { serviceArea: null, online: true, plan: false });
    expect(without.ok && without.values.keepCard).toBeFalsy();
    const transfer = validateOrderForm(form({ ...card, pago: "transferencia" }), { serviceArea: null, online: true, plan: true });
    expect(transfer.ok && transfer.values.keepCard).toBeFalsy();
    const unticked = validateOrderForm(form({ ...card, "tarjeta-renovaciones": "" }), { serviceArea: null, online: true, plan: true });
    expect(unticked.ok && unticked.values.keepCard).toBeFalsy();
  });
});
