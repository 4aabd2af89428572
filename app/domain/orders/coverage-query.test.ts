import { describe, expect, it } from "vitest";
import { parseCoverageQuery } from "./coverage-query";

const parse = (query: string) => parseCoverageQuery(new URLSearchParams(query));

describe("parseCoverageQuery", () => {
  it("reads the postcode, the page's context and the way back", () => {
    expect(parse("cp=+28001+&contexto=mantenimiento&volver=%2Ftienda%2Fmantenimientos")).toEqual({
      postcode: "28001",
      context: "mantenimiento",
      back: "/tienda/mantenimientos",
    });
  });

  it("defaults to a product page's question, with no postcode yet", () => {
    expect(parse("")).toEqual({ postcode: null, context: "equipo", back: null });
    expect(parse("contexto=otra&cp=")).toEqual({ postcode: null, context: "equipo", back: null });
  });

  it("never goes back to another site or to itself, and ignores an overlong postcode", () => {
    for (const volver of ["https://evil.example/", "//evil.example", "/\\evil.example", "/cobertura?cp=1", "javascript:alert(1)"]) {
      expect(parse(`volver=${encodeURIComponent(volver)}`).back, volver).toBeNull();
    }
    expect(parse(`cp=${"2".repeat(21)}`).postcode).toBeNull();
  });
});
