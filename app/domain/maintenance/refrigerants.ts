/*
 * The refrigerant of a unit and its leak checks (issue 31), under Regulation (EU) 2024/573 on
 * fluorinated greenhouse gases (OJ L, 20.2.2024; https://eur-lex.europa.eu/eli/reg/2024/573).
 *
 * - Global warming potentials (100 years) of the pure gases: Annex I, section 1. A mixture's
 *   is the average of its components' by weight (the Regulation's method for mixtures),
 *   rounded to the unit here: R-410A 2088, R-407C 1774.
 * - CO2 equivalent of a charge: kilograms × GWP, in tonnes.
 * - Leak checks, Article 5: equipment with 5 t CO2e or more of the gases of Annex I is checked
 *   at least every 12 months, from 50 t every 6, from 500 t every 3; with a leakage detection
 *   system in working order, twice as long (24, 12, 6). Hermetically sealed equipment, so
 *   labelled, with less than 10 t CO2e needs no checks.
 * - Propane (R-290) and CO2 (R-744) are not fluorinated gases: no leak checks under this
 *   Regulation; their GWPs (3 and 1) are shown for the record only.
 */

/** GWP-100 of the pure substances used in the shop's equipment (Annex I, section 1; for information). */
const PURE_GWP = { "R-32": 675, "R-125": 3500, "R-134a": 1430, "R-290": 3, "R-744": 1 } as const;
type Pure = keyof typeof PURE_GWP;

/** Mixtures by weight fraction of their components (ASHRAE 34 compositions). */
const MIXTURES: Record<string, Partial<Record<Pure, number>>> = {
  "R-410A": { "R-32": 0.5, "R-125": 0.5 },
  "R-407C": { "R-32": 0.23, "R-125": 0.25, "R-134a": 0.52 },
};

export const REFRIGERANTS = ["R-32", "R-410A", "R-407C", "R-134a", "R-290", "R-744"] as const;
export type Refrigerant = (typeof REFRIGERANTS)[number];

/** The gases the Regulation's leak checks apply to (fluorinated: Annex I). */
const FLUORINATED: ReadonlySet<Refrigerant> = new Set(["R-32", "R-410A", "R-407C", "R-134a"]);

export const FGAS_SOURCE = "Reglamento (UE) 2024/573, art. 5 y anexo I";

export function isRefrigerant(value: unknown): value is Refrigerant {
  return typeof value === "string" && (REFRIGERANTS as readonly string[]).includes(value);
}

/** GWP-100 of a refrigerant: the Annex's figure, or its mixture's weighted average rounded to the unit. */
export function gwp(gas: Refrigerant): number {
  if (gas in PURE_GWP) return PURE_GWP[gas as Pure];
  const parts = MIXTURES[gas]!;
  return Math.round(Object.entries(parts).reduce((sum, [part, share]) => sum + PURE_GWP[part as Pure] * share!, 0));
}

/** Tonnes of CO2 equivalent of a charge, to two decimals (1,2 kg of R-32: 0,81 t). */
export function co2eTonnes(gas: Refrigerant, chargeKg: number): number {
  return Math.round(chargeKg * gwp(gas) * 100 / 1000) / 100;
}

export type LeakCheckUnit = { gas: Refrigerant; chargeKg: number; hermeticallySealed: boolean; leakDetection: boolean };

/** Months between leak checks, or null when none is required. */
export function leakCheckMonths(unit: LeakCheckUnit): number | null {
  if (!FLUORINATED.has(unit.gas)) return null;
  const tonnes = unit.chargeKg * gwp(unit.gas) / 1000;
  if (tonnes < 5) return null;
  if (unit.hermeticallySealed && tonnes < 10) return null;
  const months = tonnes >= 500 ? 3 : tonnes >= 50 ? 6 : 12;
  return unit.leakDetection ? months * 2 : months;
}
