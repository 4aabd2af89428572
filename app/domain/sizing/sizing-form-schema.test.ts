import { describe, expect, it } from "vitest";
import { defaultValues, parseSizingQuery } from "./sizing-form-schema";
import { sizingQuery } from "./sizing-inputs";

const parse = (query: string) => parseSizingQuery(new URLSearchParams(query));
const errorsOf = (query: string) => {
  const parsed = parse(query);
  if (parsed.state !== "invalid") throw new Error(`se esperaba un error: ${parsed.state}`);
  return parsed.errors;
};

describe("the advisor's query", () => {
  it("names no field yet: the empty form of the family (air conditioning by default)", () => {
    expect(parse("")).toEqual({ state: "empty", family: "aires" });
    expect(parse("familia=calderas")).toEqual({ state: "empty", family: "calderas" });
    expect(defaultValues("calderas")).toEqual({
      surface: "",
      ceiling: "2,6",
      province: "",
      insulation: "normal",
      sun: "normal",
      bathrooms: "1",
    });
  });

  it("a whole question in a short link: the fields left out take the form's defaults", () => {
    const parsed = parse("familia=aires&superficie=25&provincia=Madrid&sol=mucha");
    expect(parsed).toMatchObject({
      state: "valid",
      input: { family: "aires", surfaceM2: 25, ceilingM: 2.6, province: "Madrid", insulation: "normal", sun: "mucha", occupants: 2 },
    });
  });

  it("reads decimals written with a comma or a point", () => {
    expect(parse("superficie=25,5&provincia=Madrid&altura=2.75")).toMatchObject({ input: { surfaceM2: 25.5, ceilingM: 2.75 } });
  });

  it("boilers take bathrooms, aerothermal units people and hot water", () => {
    expect(parse("familia=calderas&superficie=90&provincia=Burgos&banos=2")).toMatchObject({
      state: "valid",
      input: { family: "calderas", bathrooms: 2 },
    });
    expect(parse("familia=aerotermia&superficie=90&provincia=Madrid&ocupantes=4&aguaCaliente=no")).toMatchObject({
      state: "valid",
      input: { family: "aerotermia", occupants: 4, hotWater: false },
    });
  });

  it("round-trips through the advisor's own links", () => {
    const input = {
      family: "aerotermia",
      surfaceM2: 72.5,
      ceilingM: 2.8,
      province: "A Coruña",
      insulation: "buena",
      sun: "poca",
      occupants: 3,
      hotWater: true,
    } as const;
    const href = sizingQuery(input);
    expect(href.startsWith("/que-potencia-necesito?")).toBe(true);
    expect(parse(href.split("?")[1]!)).toMatchObject({ state: "valid", input });
  });
});

describe("bad input: a Spanish message for each field", () => {
  it("surface: missing, not a number, out of range", () => {
    expect(errorsOf("superficie=&provincia=Madrid").surface).toBe("Indique la superficie.");
    expect(errorsOf("superficie=abc&provincia=Madrid").surface).toBe("Escriba la superficie con números, por ejemplo 25.");
    expect(errorsOf("superficie=-3&provincia=Madrid").surface).toBe("Escriba la superficie con números, por ejemplo 25.");
    expect(errorsOf("superficie=0&provincia=Madrid").surface).toBe("La superficie debe estar entre 5 y 500 m².");
    expect(errorsOf("superficie=9000&provincia=Madrid").surface).toBe("La superficie debe estar entre 5 y 500 m².");
  });

  it("ceiling, province, insulation and sun", () => {
    const errors = errorsOf("superficie=25&altura=1&provincia=Atlántida&aislamiento=regular&sol=nublado");
    expect(errors).toEqual({
      ceiling: "La altura del techo debe estar entre 2,2 y 6 metros.",
      province: "Elija su provincia en la lista.",
      insulation: "Elija cómo está aislada su casa: buena, normal o mala.",
      sun: "Elija cuánto sol recibe: poco, normal o mucho.",
    });
    expect(errorsOf("superficie=25").province).toBe("Elija su provincia en la lista.");
  });

  it("people and bathrooms are whole numbers within their limits", () => {
    expect(errorsOf("superficie=25&provincia=Madrid&ocupantes=2,5").occupants).toBe(
      "Indique un número entero de personas entre 1 y 20.",
    );
    expect(errorsOf("superficie=25&provincia=Madrid&ocupantes=0").occupants).toBe("Indique un número entero de personas entre 1 y 20.");
    expect(errorsOf("familia=calderas&superficie=90&provincia=Madrid&banos=9").bathrooms).toBe(
      "Indique cuántos baños se usan a la vez: de 1 a 4.",
    );
    expect(errorsOf("familia=aerotermia&superficie=90&provincia=Madrid&aguaCaliente=quizá").hotWater).toBe(
      "Indique si quiere también agua caliente.",
    );
  });

  it("keeps what was typed, so the form shows it again beside the message", () => {
    expect(parse("superficie=abc&provincia=Madrid")).toMatchObject({ values: { surface: "abc", province: "Madrid", ceiling: "2,6" } });
  });

  it("an unknown family is an error of its own, whatever else the query says", () => {
    expect(parse("familia=termostatos&superficie=25")).toEqual({
      state: "invalid",
      family: null,
      values: {},
      errors: { family: "Elija qué equipo busca: aire acondicionado, caldera o aerotermia." },
    });
  });

  it("fields of other families are ignored", () => {
    expect(parse("familia=aires&superficie=25&provincia=Madrid&banos=99")).toMatchObject({ state: "valid" });
  });
});
