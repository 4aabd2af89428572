import { describe, expect, it } from "vitest";
import { CLIMATE_ZONES, zoneCode } from "./climate-zones";
import { ceilingFactor, sizeAerothermal, sizeAirConditioner, sizeBoiler, size } from "./sizing-rules";
import type { HomeInput } from "./sizing-inputs";

/*
 * Worked examples, computed by hand from the rules' constants (decision 0014):
 *   cooling  = m² × 100 fg/h × ceiling × summer zone × insulation × sun + 130 W × 0,86 per person beyond two
 *   heating  = m² × 85 W × ceiling × winter zone × insulation × sun
 *   shower   = baths × 10 l/min; kW = l/min × 25 × 4,186 ÷ 60
 *   hot water (aerothermal) = people × 28 l/day; kWh = l × 4,186 × 50 ÷ 3600, reheated in 4 h
 *   fit window = [need rounded up to 0,1; max(size, need × oversize) rounded down to 0,1]
 */

const home = (fields: Partial<HomeInput>): HomeInput => ({
  surfaceM2: 90,
  ceilingM: 2.6,
  province: "Madrid",
  insulation: "normal",
  sun: "normal",
  ...fields,
});

describe("air conditioning", () => {
  it("25 m², Madrid, normal insulation, lots of sun, 2 people: 3,5 kW", () => {
    // Madrid is D3: summer 3 → × 1. 25 × 100 = 2500; × 1,15 (sun) = 2875 fg/h.
    // 2875 ÷ 860 = 3,343 kW → next size 3,5 kW = 3010 fg/h.
    // Window: 3,343 → 3,4; max(3,5; 3,343 × 1,25 = 4,179) → 4,1.
    const result = sizeAirConditioner({ ...home({ surfaceM2: 25, sun: "mucha" }), occupants: 2 });
    expect(result.needFgh).toBe(2875);
    expect(result.needKw).toBeCloseTo(3.343, 3);
    expect(result.recommendedKw).toBe(3.5);
    expect(result.recommendedFgh).toBe(3010);
    expect(result.window).toEqual({ minKw: 3.4, maxKw: 4.1 });
    expect(result.steps.join("\n")).toContain("zona climática D3");
    expect(result.steps.join("\n")).toContain("25 m² × 100 frigorías/h = 2500 frigorías/h");
    expect(result.steps.join("\n")).toContain("Mucho sol: × 1,15.");
    expect(result.sources).toContain("climateZones");
  });

  it("20 m² in Sevilla, 3 m ceiling, poor insulation, 4 people: 4 kW", () => {
    // Sevilla is B4: summer 4 → × 1,1. Ceiling 3 ÷ 2,7 = 1,111. Poor insulation × 1,15.
    // 2000 × 1,111 × 1,1 × 1,15 = 2811,1 fg/h; 2 people beyond two × 130 W × 0,86 = 223,6 fg/h.
    // 3034,7 fg/h → 3035; ÷ 860 = 3,529 kW → 4 kW (3440 fg/h). Window 3,6 … max(4; 4,411) → 4,4.
    const result = sizeAirConditioner({
      ...home({ surfaceM2: 20, province: "Sevilla", ceilingM: 3, insulation: "mala" }),
      occupants: 4,
    });
    expect(result.needFgh).toBe(3035);
    expect(result.needKw).toBeCloseTo(3.5287, 3);
    expect(result.recommendedKw).toBe(4);
    expect(result.recommendedFgh).toBe(3440);
    expect(result.window).toEqual({ minKw: 3.6, maxKw: 4.4 });
    expect(result.steps.join("\n")).toContain("2 más de las dos que ya cuenta la regla");
  });

  it("12 m² in Las Palmas (α3), 2,4 m ceiling, good insulation, little sun: the smallest size", () => {
    // Summer 3 → × 1; ceiling 2,4 ÷ 2,5 = 0,96; good × 0,9; little sun × 0,9.
    // 1200 × 0,96 × 0,81 = 933,12 fg/h → 934; 1,085 kW → 2 kW. Window 1,1 … max(2; 1,356) → 2.
    const result = sizeAirConditioner({
      ...home({ surfaceM2: 12, province: "Las Palmas", ceilingM: 2.4, insulation: "buena", sun: "poca" }),
      occupants: 1,
    });
    expect(result.needFgh).toBe(934);
    expect(result.recommendedKw).toBe(2);
    expect(result.window).toEqual({ minKw: 1.1, maxKw: 2 });
  });

  it("beyond the largest split: no single size, the window still says what fits", () => {
    // Córdoba B4: 8000 × 1,1 × 1,15 × 1,15 = 11638 fg/h = 13,533 kW > 7,1 kW.
    // Window 13,6 … 13,533 × 1,25 = 16,916 → 16,9.
    const result = sizeAirConditioner({ ...home({ surfaceM2: 80, province: "Córdoba", insulation: "mala", sun: "mucha" }), occupants: 2 });
    expect(result.needFgh).toBe(11638);
    expect(result.recommendedKw).toBeNull();
    expect(result.recommendedFgh).toBeNull();
    expect(result.window).toEqual({ minKw: 13.6, maxKw: 16.9 });
    expect(result.steps.at(-1)).toContain("varios equipos");
  });
});

describe("boilers", () => {
  it("90 m² in Madrid with 2 bathrooms at once: hot water decides, 35 kW and 20 l/min", () => {
    // Heating: 90 × 85 = 7650 W × 1,12 (winter D) = 8568 W.
    // Hot water: 2 × 10 = 20 l/min; 20 × 25 × 4,186 ÷ 60 = 34,883 kW → at least 35 kW.
    // Window 34,9 … 34,883 × 1,4 = 48,837 → 48,8.
    const result = sizeBoiler({ ...home({}), bathrooms: 2 });
    expect(result.heatingKw).toBeCloseTo(8.568, 6);
    expect(result.flowLpm).toBe(20);
    expect(result.hotWaterKw).toBeCloseTo(34.883, 3);
    expect(result.needKw).toBeCloseTo(34.883, 3);
    expect(result.recommendedKw).toBe(35);
    expect(result.window).toEqual({ minKw: 34.9, maxKw: 48.8 });
    expect(result.steps.join("\n")).toContain("la del agua caliente");
    expect(result.notes.join("\n")).toContain("8,6 kW");
  });

  it("150 m² in Burgos, poor insulation, little sun, 1 bathroom: heating decides", () => {
    // Burgos is E1: 12750 W × 1,19 × 1,10 × 1,12 = 18692,5 W; hot water 10 l/min = 17,442 kW.
    // Need 18,693 kW → 19 kW. Window 18,7 … 18,693 × 1,4 = 26,17 → 26,1.
    const result = sizeBoiler({ ...home({ surfaceM2: 150, province: "Burgos", insulation: "mala", sun: "poca" }), bathrooms: 1 });
    expect(result.heatingKw).toBeCloseTo(18.6925, 4);
    expect(result.hotWaterKw).toBeCloseTo(17.4417, 4);
    expect(result.recommendedKw).toBe(19);
    expect(result.window).toEqual({ minKw: 18.7, maxKw: 26.1 });
    expect(result.steps.join("\n")).toContain("la de calefacción");
  });

  it("four showers at once is more than a combination boiler: a boiler with a tank", () => {
    // 40 l/min × 25 × 4,186 ÷ 60 = 69,767 kW > 40 kW.
    const result = sizeBoiler({ ...home({}), bathrooms: 4 });
    expect(result.hotWaterKw).toBeCloseTo(69.767, 3);
    expect(result.recommendedKw).toBeNull();
    expect(result.window).toEqual({ minKw: 69.8, maxKw: 97.6 });
    expect(result.notes.join("\n")).toContain("acumulador");
  });
});

describe("aerothermal", () => {
  it("90 m² in Madrid, 4 people with hot water: 11 kW and a 150 l tank", () => {
    // Heating 8568 W. Hot water: 4 × 28 = 112 l/day; 112 × 4,186 × 50 ÷ 3600 = 6,512 kWh;
    // in 4 h: 1,628 kW. Total 10,196 kW → 11 kW. Tank: 112 × 50 ÷ 45 = 124,4 l → 150 l.
    // Window 10,2 … max(11; 12,745) → 12,7.
    const result = sizeAerothermal({ ...home({}), occupants: 4, hotWater: true });
    expect(result.dailyLitres).toBe(112);
    expect(result.hotWaterKw).toBeCloseTo(1.6279, 4);
    expect(result.needKw).toBeCloseTo(10.1959, 4);
    expect(result.recommendedKw).toBe(11);
    expect(result.tankLitres).toBe(150);
    expect(result.window).toEqual({ minKw: 10.2, maxKw: 12.7 });
    expect(result.sources).toContain("hotWaterDemand");
    // Madrid's winter is D: the note on heat pumps in the cold is there.
    expect(result.notes.join("\n")).toContain("menos potencia cuanto más frío");
  });

  it("60 m² in Valencia, heating only: 5 kW, no tank", () => {
    // Valencia is B3: 5100 W × 0,95 × 0,93 × 0,92 = 4145,4 W → 5 kW. Window 4,2 … max(5; 5,18) → 5,1.
    const result = sizeAerothermal({
      ...home({ surfaceM2: 60, province: "Valencia", insulation: "buena", sun: "mucha" }),
      occupants: 3,
      hotWater: false,
    });
    expect(result.heatingKw).toBeCloseTo(4.1454, 4);
    expect(result.hotWaterKw).toBe(0);
    expect(result.tankLitres).toBeNull();
    expect(result.recommendedKw).toBe(5);
    expect(result.window).toEqual({ minKw: 4.2, maxKw: 5.1 });
    expect(result.notes.join("\n")).not.toContain("menos potencia cuanto más frío");
    expect(result.sources).not.toContain("hotWaterDemand");
  });

  it("300 m² in Burgos with 6 people: more than one domestic unit", () => {
    // 25500 W × 1,46608 = 37385 W; 168 l/day → 2,442 kW; 39,83 kW > 16 kW. Tank 186,7 l → 200 l.
    const result = sizeAerothermal({
      ...home({ surfaceM2: 300, province: "Burgos", insulation: "mala", sun: "poca" }),
      occupants: 6,
      hotWater: true,
    });
    expect(result.needKw).toBeCloseTo(39.827, 3);
    expect(result.recommendedKw).toBeNull();
    expect(result.tankLitres).toBe(200);
  });
});

describe("the rules' pieces", () => {
  it("ceilings from 2,5 to 2,7 m are the reference; others scale", () => {
    expect([2.5, 2.6, 2.7].map(ceilingFactor)).toEqual([1, 1, 1]);
    expect(ceilingFactor(3.24)).toBeCloseTo(1.2, 10);
    expect(ceilingFactor(2.25)).toBeCloseTo(0.9, 10);
  });

  it("size() dispatches by family", () => {
    expect(size({ family: "aires", ...home({ surfaceM2: 25, sun: "mucha" }), occupants: 2 }).recommendedKw).toBe(3.5);
    expect(size({ family: "calderas", ...home({}), bathrooms: 2 }).recommendedKw).toBe(35);
    expect(size({ family: "aerotermia", ...home({}), occupants: 4, hotWater: true }).recommendedKw).toBe(11);
  });
});

describe("climate zones (CTE DB-HE, Anejo B)", () => {
  it("capitals checked against the table and other readings of it", () => {
    const zones = Object.fromEntries(Object.entries(CLIMATE_ZONES).map(([province, zone]) => [province, zoneCode(zone)]));
    expect(zones).toMatchObject({
      Madrid: "D3",
      Sevilla: "B4",
      Burgos: "E1",
      "Las Palmas": "α3",
      "Santa Cruz de Tenerife": "α3",
      Barcelona: "C2",
      Girona: "C2",
      Tarragona: "B3",
      Lleida: "D3",
      Bizkaia: "C1",
      Huelva: "A4",
      Asturias: "D1",
      Toledo: "D3",
      Zaragoza: "C3",
    });
  });

  it("every province has a well-formed zone and a plausible altitude", () => {
    expect(Object.keys(CLIMATE_ZONES)).toHaveLength(50);
    for (const [province, zone] of Object.entries(CLIMATE_ZONES)) {
      expect(zoneCode(zone), province).toMatch(/^(α|[A-E])[1-4]$/u);
      expect(zone.altitudeM, province).toBeGreaterThanOrEqual(0);
      expect(zone.altitudeM, province).toBeLessThan(1200);
    }
  });
});
