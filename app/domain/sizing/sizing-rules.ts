import type { Province } from "../provinces";
import { CLIMATE_ZONES, zoneCode, type ClimateZone, type SummerZone, type WinterZone } from "./climate-zones";
import type { HomeInput, Insulation, SizingInput, SunExposure } from "./sizing-inputs";
import type { SourceKey } from "./sizing-sources";

/*
 * The sizing advisor's rules (issue 15, decision 0014): pure functions from what a visitor
 * tells us to a recommended power, each step written out in plain Spanish for the page.
 * Rules of thumb, as installers use them before a visit; the worked examples in
 * sizing-rules.test.ts are computed by hand from the constants below.
 */

/** 1 kW of cooling is 860 frigorías/hora (1 kcal/h = 1.163 W). */
export const FRIGORIAS_PER_KW = 860;
/** Specific heat of water, kJ/(kg·K); a litre of water weighs a kilogram. */
const WATER_HEAT = 4.186;

// Cooling: the "100 frigorías per m²" rule, for a room with a normal ceiling in a zone 3 summer.
export const COOLING_FGH_PER_M2 = 100;
const SUMMER_FACTORS: Record<SummerZone, number> = { 1: 0.8, 2: 0.9, 3: 1, 4: 1.1 };
const COOLING_INSULATION: Record<Insulation, number> = { buena: 0.9, normal: 1, mala: 1.15 };
const COOLING_SUN: Record<SunExposure, number> = { poca: 0.9, normal: 1, mucha: 1.15 };
/** Sensible 75 W + latent 55 W: a person at home, light activity (ASHRAE). */
export const OCCUPANT_W = 130;
/** The 100 frigorías rule already counts two people in the room. */
const OCCUPANTS_INCLUDED = 2;

// Heating: the installers' "85 W per m²" rule and its coefficients.
export const HEATING_W_PER_M2 = 85;
const WINTER_FACTORS: Record<WinterZone, number> = { α: 0.8, A: 0.88, B: 0.95, C: 1.04, D: 1.12, E: 1.19 };
const HEATING_INSULATION: Record<Insulation, number> = { buena: 0.93, normal: 1, mala: 1.1 };
const HEATING_SUN: Record<SunExposure, number> = { poca: 1.12, normal: 1, mucha: 0.92 };

// Hot water.
export const SHOWER_LPM = 10;
export const SHOWER_RISE_K = 25;
export const HOT_WATER_L_PER_PERSON = 28;
const HOT_WATER_REFERENCE_C = 60;
const MAINS_WATER_C = 10;
const STORAGE_C = 55;
const RECOVERY_HOURS = 4;

// What the market sells (and our catalogue carries).
export const AIR_SIZES_KW = [2, 2.5, 3, 3.5, 4, 5, 6, 7.1] as const;
export const AEROTHERMAL_SIZES_KW = [4, 5, 6, 7, 8, 10, 11, 12, 14, 15, 16] as const;
export const TANK_SIZES_L = [100, 150, 200, 250, 300] as const;
/** Above this, hot water for several bathrooms at once asks for a boiler with a tank. */
export const COMBI_MAX_KW = 40;

/**
 * How far above the need a unit still fits. An air conditioner or a heat pump much bigger
 * than the room starts and stops all the time (and dries the air badly); a modulating boiler
 * bears more, but costs more for nothing.
 */
export const OVERSIZE = { aires: 1.25, calderas: 1.4, aerotermia: 1.25 } as const;

/** The catalogue's view of the products that fit: powers in kW, both ends included. */
export type PowerWindow = { minKw: number; maxKw: number };

type CommonResult = {
  province: Province;
  zone: ClimateZone;
  /** The power the rule gives, unrounded. */
  needKw: number;
  /** The size to buy; null when one unit of this kind is not the answer. */
  recommendedKw: number | null;
  window: PowerWindow;
  /** How the figure was reached, one sentence a step. */
  steps: string[];
  /** Limits of the estimate worth saying for this home. */
  notes: string[];
  sources: SourceKey[];
};

export type AirResult = CommonResult & { family: "aires"; needFgh: number; recommendedFgh: number | null };
export type BoilerResult = CommonResult & { family: "calderas"; heatingKw: number; hotWaterKw: number; flowLpm: number };
export type AerothermalResult = CommonResult & {
  family: "aerotermia";
  heatingKw: number;
  hotWaterKw: number;
  dailyLitres: number;
  tankLitres: number | null;
};
export type SizingResult = AirResult | BoilerResult | AerothermalResult;

const formats = new Map<number, Intl.NumberFormat>();
/** A number as a Spanish reader writes it: "3,5", "2875". */
export function formatNumber(value: number, digits = 1): string {
  let format = formats.get(digits);
  if (!format) formats.set(digits, (format = new Intl.NumberFormat("es-ES", { maximumFractionDigits: digits })));
  return format.format(value);
}

// Decimal steps without binary noise (3.4 × 10 is not always 34).
const tenths = (value: number) => Number((value * 10).toFixed(6));
export const ceilTenth = (value: number) => Math.ceil(tenths(value)) / 10;
export const floorTenth = (value: number) => Math.floor(tenths(value)) / 10;
const ceilWhole = (value: number) => Math.ceil(Number(value.toFixed(6)));

/** The smallest size at or above the need, or null when the need is beyond the list. */
function sizeFor(needKw: number, sizes: readonly number[]): number | null {
  return sizes.find((size) => size >= needKw) ?? null;
}

function fitWindow(needKw: number, recommendedKw: number | null, oversize: number): PowerWindow {
  return { minKw: ceilTenth(needKw), maxKw: floorTenth(Math.max(recommendedKw ?? needKw, needKw * oversize)) };
}

/** Ceilings between 2.5 and 2.7 m are what the rules assume; others scale the volume. */
export function ceilingFactor(ceilingM: number): number {
  if (ceilingM > 2.7) return ceilingM / 2.7;
  if (ceilingM < 2.5) return ceilingM / 2.5;
  return 1;
}

const factorText = (factor: number) => `× ${formatNumber(factor, 2)}`;

function ceilingStep(ceilingM: number): string {
  const factor = ceilingFactor(ceilingM);
  const height = `Techo de ${formatNumber(ceilingM, 2)} m`;
  if (factor === 1) return `${height}: la regla ya cuenta con techos de 2,5 a 2,7 m, sin corrección.`;
  const reference = ceilingM > 2.7 ? "2,7" : "2,5";
  return `${height}: ${factorText(factor)} (${formatNumber(ceilingM, 2)} ÷ ${reference}), hay más o menos aire que tratar.`;
}

function zoneStep(province: Province, zone: ClimateZone, season: "invierno" | "verano"): string {
  const place = province === zone.capital ? province : `${province} (capital: ${zone.capital})`;
  const scale =
    season === "verano"
      ? `su verano es de severidad ${zone.summer}, en una escala de 1 (suave) a 4 (muy caluroso)`
      : `su invierno es de severidad ${zone.winter}, en una escala de α (la más suave) a E (la más fría)`;
  return `${place} está en la zona climática ${zoneCode(zone)} del Código Técnico de la Edificación, tomada en la capital a ${formatNumber(zone.altitudeM, 0)} m de altitud: ${scale}.`;
}

const ALTITUDE_NOTE =
  "Tomamos la zona climática de la capital de su provincia: si su casa está mucho más alta o más baja, la zona puede cambiar y con ella la potencia.";

const INSULATION_WORDS: Record<Insulation, string> = { buena: "Aislamiento bueno", normal: "Aislamiento normal", mala: "Aislamiento malo" };
const SUN_WORDS: Record<SunExposure, string> = { poca: "Poco sol", normal: "Sol normal", mucha: "Mucho sol" };

/** Air conditioning: the cooling load of a room. */
export function sizeAirConditioner(input: HomeInput & { occupants: number }): AirResult {
  const zone = CLIMATE_ZONES[input.province];
  const base = input.surfaceM2 * COOLING_FGH_PER_M2;
  const factors = [
    { text: `Verano de zona ${zone.summer}`, factor: SUMMER_FACTORS[zone.summer] },
    { text: INSULATION_WORDS[input.insulation], factor: COOLING_INSULATION[input.insulation] },
    { text: SUN_WORDS[input.sun], factor: COOLING_SUN[input.sun] },
  ];
  const extraPeople = Math.max(0, input.occupants - OCCUPANTS_INCLUDED);
  const peopleFgh = (extraPeople * OCCUPANT_W * FRIGORIAS_PER_KW) / 1000;
  const needFgh = base * ceilingFactor(input.ceilingM) * factors.reduce((product, f) => product * f.factor, 1) + peopleFgh;
  const needKw = needFgh / FRIGORIAS_PER_KW;
  const recommendedKw = sizeFor(needKw, AIR_SIZES_KW);
  const largest = AIR_SIZES_KW[AIR_SIZES_KW.length - 1]!;

  const steps = [
    zoneStep(input.province, zone, "verano"),
    `Punto de partida, la regla de los instaladores: ${formatNumber(input.surfaceM2)} m² × ${COOLING_FGH_PER_M2} frigorías/h = ${formatNumber(base, 0)} frigorías/h.`,
    ceilingStep(input.ceilingM),
    ...factors.map((f) => `${f.text}: ${factorText(f.factor)}.`),
    extraPeople > 0
      ? `${input.occupants} personas: ${extraPeople} más de las dos que ya cuenta la regla, ${OCCUPANT_W} W cada una, suman ${formatNumber(peopleFgh, 0)} frigorías/h.`
      : `Hasta dos personas en la estancia: la regla ya las cuenta.`,
    `Necesita unas ${formatNumber(ceilWhole(needFgh), 0)} frigorías/h, es decir ${formatNumber(needKw, 2)} kW (1 kW = ${FRIGORIAS_PER_KW} frigorías/h).`,
    recommendedKw === null
      ? `Es más de lo que da un split doméstico (${formatNumber(largest)} kW): conviene repartirlo entre varios equipos, con un multisplit o por conductos.`
      : `El tamaño comercial que lo cubre es ${formatNumber(recommendedKw)} kW (${formatNumber(recommendedKw * FRIGORIAS_PER_KW, 0)} frigorías/h).`,
  ];
  return {
    family: "aires",
    province: input.province,
    zone,
    needKw,
    needFgh: ceilWhole(needFgh),
    recommendedKw,
    recommendedFgh: recommendedKw === null ? null : Math.round(recommendedKw * FRIGORIAS_PER_KW),
    window: fitWindow(needKw, recommendedKw, OVERSIZE.aires),
    steps,
    notes: [
      ALTITUDE_NOTE,
      "Una cocina, un ático bajo cubierta o una estancia con muchos aparatos encendidos pueden necesitar más.",
    ],
    sources: ["climateZones", "coolingRule", "occupantHeat", "ourEstimate"],
  };
}

/** Heating of a home: watts and the steps that gave them. */
function heating(input: HomeInput, zone: ClimateZone): { watts: number; steps: string[] } {
  const base = input.surfaceM2 * HEATING_W_PER_M2;
  const factors = [
    { text: `Invierno de zona ${zone.winter}`, factor: WINTER_FACTORS[zone.winter] },
    { text: INSULATION_WORDS[input.insulation], factor: HEATING_INSULATION[input.insulation] },
    { text: SUN_WORDS[input.sun], factor: HEATING_SUN[input.sun] },
  ];
  const watts = base * ceilingFactor(input.ceilingM) * factors.reduce((product, f) => product * f.factor, 1);
  return {
    watts,
    steps: [
      zoneStep(input.province, zone, "invierno"),
      `Punto de partida, la regla de los instaladores: ${formatNumber(input.surfaceM2)} m² × ${HEATING_W_PER_M2} W = ${formatNumber(base, 0)} W.`,
      ceilingStep(input.ceilingM),
      ...factors.map((f) => `${f.text}: ${factorText(f.factor)}.`),
      `Calefacción: ${formatNumber(watts, 0)} W, unos ${formatNumber(watts / 1000)} kW.`,
    ],
  };
}

/** Boiler: the larger of heating and hot water for the bathrooms used at once. */
export function sizeBoiler(input: HomeInput & { bathrooms: number }): BoilerResult {
  const zone = CLIMATE_ZONES[input.province];
  const heat = heating(input, zone);
  const heatingKw = heat.watts / 1000;
  const flowLpm = input.bathrooms * SHOWER_LPM;
  const hotWaterKw = (flowLpm * SHOWER_RISE_K * WATER_HEAT) / 60;
  const needKw = Math.max(heatingKw, hotWaterKw);
  const recommendedKw = needKw <= COMBI_MAX_KW ? ceilWhole(needKw) : null;
  const bathrooms = input.bathrooms === 1 ? "1 baño" : `${input.bathrooms} baños a la vez`;
  const larger = hotWaterKw >= heatingKw ? "la del agua caliente" : "la de calefacción";

  const steps = [
    ...heat.steps,
    `Agua caliente: ${bathrooms} × ${SHOWER_LPM} l/min por ducha = ${formatNumber(flowLpm)} l/min.`,
    `Calentar ${formatNumber(flowLpm)} l/min ${SHOWER_RISE_K} °C pide ${formatNumber(flowLpm)} × ${SHOWER_RISE_K} × 4,186 ÷ 60 = ${formatNumber(hotWaterKw)} kW.`,
    recommendedKw === null
      ? `La mayor de las dos, ${larger}, es de ${formatNumber(needKw)} kW: más de lo que da una caldera mixta (unos ${COMBI_MAX_KW} kW).`
      : `La caldera se elige por la mayor de las dos, ${larger}: ${formatNumber(needKw)} kW. Le recomendamos una de al menos ${recommendedKw} kW que dé ${formatNumber(flowLpm)} l/min de agua caliente.`,
  ];
  const notes = [ALTITUDE_NOTE];
  if (recommendedKw === null) {
    notes.push("Para tantos baños a la vez conviene una caldera con acumulador (interacumulador): le asesoramos sin compromiso.");
  } else {
    notes.push(
      `En una caldera mixta la potencia de calefacción suele ser algo menor que la de agua caliente: compruebe en la ficha que la de calefacción llegue a ${formatNumber(ceilTenth(heatingKw))} kW.`,
    );
  }
  return {
    family: "calderas",
    province: input.province,
    zone,
    needKw,
    recommendedKw,
    heatingKw,
    hotWaterKw,
    flowLpm,
    window: fitWindow(needKw, recommendedKw, OVERSIZE.calderas),
    steps,
    notes,
    sources: ["climateZones", "heatingRule", "showerFlow", "ourEstimate"],
  };
}

/** Aerothermal: heating plus, if asked, the power to reheat a day's hot water. */
export function sizeAerothermal(input: HomeInput & { occupants: number; hotWater: boolean }): AerothermalResult {
  const zone = CLIMATE_ZONES[input.province];
  const heat = heating(input, zone);
  const heatingKw = heat.watts / 1000;
  const dailyLitres = input.hotWater ? input.occupants * HOT_WATER_L_PER_PERSON : 0;
  const rise = HOT_WATER_REFERENCE_C - MAINS_WATER_C;
  const dailyKwh = (dailyLitres * WATER_HEAT * rise) / 3600;
  const hotWaterKw = dailyKwh / RECOVERY_HOURS;
  const storedLitres = (dailyLitres * rise) / (STORAGE_C - MAINS_WATER_C);
  const tankLitres = input.hotWater ? sizeFor(storedLitres, TANK_SIZES_L) : null;
  const needKw = heatingKw + hotWaterKw;
  const recommendedKw = sizeFor(needKw, AEROTHERMAL_SIZES_KW);
  const largest = AEROTHERMAL_SIZES_KW[AEROTHERMAL_SIZES_KW.length - 1]!;

  const steps = [...heat.steps];
  if (input.hotWater) {
    const people = input.occupants === 1 ? "1 persona" : `${input.occupants} personas`;
    steps.push(
      `Agua caliente: ${people} × ${HOT_WATER_L_PER_PERSON} l al día a 60 °C = ${formatNumber(dailyLitres, 0)} l al día.`,
      `Calentarlos de ${MAINS_WATER_C} °C a 60 °C son ${formatNumber(dailyLitres, 0)} × 4,186 × ${rise} ÷ 3.600 = ${formatNumber(dailyKwh)} kWh; recuperarlos en unas ${RECOVERY_HOURS} horas pide ${formatNumber(hotWaterKw)} kW más.`,
      tankLitres === null
        ? `Guardados a ${STORAGE_C} °C, la temperatura habitual de una bomba de calor, son ${formatNumber(storedLitres, 0)} l: más que un depósito doméstico; le proponemos la solución en la visita.`
        : `Guardados a ${STORAGE_C} °C, la temperatura habitual de una bomba de calor, son ${formatNumber(dailyLitres, 0)} × ${rise} ÷ ${STORAGE_C - MAINS_WATER_C} = ${formatNumber(storedLitres, 0)} l: un depósito de ${tankLitres} l.`,
      `Potencia total: ${formatNumber(heatingKw)} + ${formatNumber(hotWaterKw)} = ${formatNumber(needKw)} kW.`,
    );
  } else {
    steps.push("Sin agua caliente: el equipo solo tiene que dar la calefacción.");
  }
  steps.push(
    recommendedKw === null
      ? `Es más de lo que da un equipo doméstico (${largest} kW): harán falta dos equipos o uno industrial; le asesoramos.`
      : `El tamaño comercial que lo cubre es ${formatNumber(recommendedKw)} kW.`,
  );
  const notes = [ALTITUDE_NOTE];
  if (zone.winter === "D" || zone.winter === "E") {
    notes.push(
      "Una bomba de calor da menos potencia cuanto más frío hace fuera: en su zona conviene comprobar en la ficha la potencia a la temperatura más baja del invierno. Lo hacemos en la visita.",
    );
  }
  return {
    family: "aerotermia",
    province: input.province,
    zone,
    needKw,
    recommendedKw,
    heatingKw,
    hotWaterKw,
    dailyLitres,
    tankLitres,
    window: fitWindow(needKw, recommendedKw, OVERSIZE.aerotermia),
    steps,
    notes,
    sources: input.hotWater
      ? ["climateZones", "heatingRule", "hotWaterDemand", "ourEstimate"]
      : ["climateZones", "heatingRule", "ourEstimate"],
  };
}

export function size(input: SizingInput): SizingResult {
  switch (input.family) {
    case "aires":
      return sizeAirConditioner(input);
    case "calderas":
      return sizeBoiler(input);
    case "aerotermia":
      return sizeAerothermal(input);
  }
}
