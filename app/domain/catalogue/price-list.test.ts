import { describe, expect, it } from "vitest";
import { detectSeparator, planPriceList, priceListRows, type CsvRecord, type PriceListProduct } from "./price-list";

const boiler: PriceListProduct = {
  id: 1,
  family: "calderas",
  brand: "Baxi",
  model: "Platinum 24",
  priceCents: 123456,
  previousPriceCents: null,
  promotionDiscountCents: 5000,
  stock: 4,
  lowStockThreshold: 2,
  active: true,
};
const thermostat: PriceListProduct = {
  ...boiler,
  id: 14,
  family: "termostatos",
  brand: "=Honeywell",
  model: 'T87 "Round"; blanco',
  priceCents: 4990,
  previousPriceCents: 5990,
  promotionDiscountCents: null,
  stock: 0,
  active: false,
};
const products = [boiler, thermostat];

const HEADER = ["id", "familia", "marca", "modelo", "precio", "precio_anterior", "stock", "umbral_stock", "visible"];

/** Lines of a file as the server hands them over: the header on line 1. */
function file(...rows: string[][]): CsvRecord[] {
  return [HEADER, ...rows].map((fields, i) => ({ line: i + 1, fields }));
}

describe("price list export", () => {
  it("writes the header, decimal commas, sí/no and formula-safe names", () => {
    expect(priceListRows(products)).toEqual([
      ["id", "familia", "marca", "modelo", "precio", "precio_anterior", "stock", "umbral_stock", "visible"],
      ["1", "calderas", "Baxi", "Platinum 24", "1234,56", "", "4", "2", "sí"],
      ["14", "termostatos", "'=Honeywell", 'T87 "Round"; blanco', "49,90", "59,90", "0", "2", "no"],
    ]);
  });

  it("detects the separator from the header", () => {
    expect(detectSeparator("\uFEFFid;precio\r\n1;2,50")).toBe(";");
    expect(detectSeparator('id,precio\n1,"2,50"')).toBe(",");
    expect(detectSeparator("id\n1")).toBe(";");
  });
});

describe("price list plan", () => {
  it("lists what would change, before and after; unchanged lines are counted", () => {
    const plan = planPriceList(
      file(
        ["1", "calderas", "Baxi", "Platinum 24", "1.199,00", "1234,56", "7", "3", "sí"],
        ["14", "termostatos", "x", "y", "49,90", "59,90", "0", "2", "no"],
      ),
      products,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.unchanged).toBe(1);
    expect(plan.ids).toEqual([1, 14]);
    expect(plan.changed).toEqual([
      expect.objectContaining({
        line: 2,
        id: 1,
        name: "Baxi Platinum 24",
        changes: [
          { field: "priceCents", before: 123456, after: 119900 },
          { field: "previousPriceCents", before: null, after: 123456 },
          { field: "stock", before: 4, after: 7 },
          { field: "lowStockThreshold", before: 2, after: 3 },
        ],
      }),
    ]);
  });

  it("only the columns present change: a file of id and stock leaves prices alone", () => {
    const records = [
      { line: 1, fields: ["ID", "Stock"] },
      { line: 2, fields: ["14", "5"] },
    ];
    const plan = planPriceList(records, products);
    expect(plan.changed[0]?.changes).toEqual([{ field: "stock", before: 0, after: 5 }]);
  });

  it("names each wrong line with its number and why", () => {
    const plan = planPriceList(
      file(
        ["99", "", "", "", "1,00", "", "1", "2", "sí"],
        ["abc", "", "", "", "1,00", "", "1", "2", "sí"],
        ["1", "", "", "", "doce", "", "-3", "2", "quizá"],
        ["14", "", "", ""],
        ["1", "", "", "", "1000", "", "1", "2", "sí"],
        ["14", "", "", "", "60,00", "59,90", "1", "2", "sí"],
        ["14", "", "", "", "49,90", "59,90", "1", "2", "sí"],
        ["1", "", "", "", "40,00", "", "1", "2", "sí"],
      ),
      products,
    );
    expect(plan.errors).toEqual([
      { line: 2, message: "No existe ningún producto con el id 99." },
      { line: 3, message: "El id «abc» no es un número de producto." },
      {
        line: 4,
        message:
          "Precio «doce» no válido: escriba un importe en euros mayor que 0, por ejemplo 1.234,56. Stock «-3»: no puede ser negativo. Visible «quizá» no válido: escriba «sí» o «no».",
      },
      { line: 5, message: "La línea tiene 4 columnas y la cabecera 9." },
      { line: 6, message: "El producto 1 ya aparece en la línea 4." },
      { line: 7, message: "El precio anterior (59,90\u00a0€) debe ser mayor que el precio (60,00\u00a0€), o quedar en blanco." },
      { line: 8, message: "El producto 14 ya aparece en la línea 7." },
      { line: 9, message: "El producto 1 ya aparece en la línea 4." },
    ]);
  });

  it("refuses a price at or below the product's promotion discount", () => {
    const plan = planPriceList(file(["1", "", "", "", "40,00", "", "4", "2", "sí"]), products);
    expect(plan.errors).toEqual([{ line: 2, message: "El precio debe ser mayor que el descuento de la promoción (50,00\u00a0€)." }]);
  });

  it("checks the header", () => {
    expect(planPriceList([], products).errors).toEqual([{ line: 1, message: "El archivo está vacío." }]);
    expect(planPriceList([{ line: 1, fields: ["precio", "coste", "precio"] }], products).errors[0]?.message).toBe(
      "Falta la columna «id». Columna desconocida «coste»: las columnas son id, familia, marca, modelo, precio, precio_anterior, stock, umbral_stock, visible. La columna «precio» aparece dos veces.",
    );
    expect(planPriceList(file(), products).errors).toEqual([{ line: 1, message: "El archivo no tiene ninguna línea de productos." }]);
  });
});
