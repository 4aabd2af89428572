/*
 * How often the law asks a thermal installation to be maintained (issue 31): the RITE
 * (Reglamento de Instalaciones Térmicas en los Edificios, Real Decreto 1027/2007), IT 3.3
 * «Programa de mantenimiento preventivo», tabla 3.1, in the wording of Real Decreto 238/2013
 * (BOE-A-2013-3905), which Real Decreto 178/2021 left as it was. Consolidated text:
 * https://www.boe.es/buscar/act.php?id=BOE-A-2007-15820 (IT 3.3).
 *
 * The table, for installations of 5 to 70 kW of useful nominal power (P), by use:
 *
 *   equipment                                          homes      other uses
 *   gas water heaters, P <= 24.4 kW                    5 years    2 years
 *   gas water heaters, 24.4 kW < P <= 70 kW            2 years    1 year
 *   wall-hung gas boilers, P <= 70 kW                  2 years    1 year
 *   other heating installations (oil, ...), <= 70 kW   1 year     1 year
 *   air conditioning, P <= 12 kW                       4 years    2 years
 *   air conditioning, 12 kW < P <= 70 kW               2 years    1 year
 *   heat pumps, P <= 12 kW                             4 years    2 years
 *   heat pumps, 12 kW < P <= 70 kW                     2 years    1 year
 *   any installation over 70 kW                        every month (IT 3.3, tabla 3.2 lists
 *                                                      each operation's own period)
 *
 * Under 5 kW the RITE asks no maintenance programme. Aerothermal units are heat pumps.
 */

export const RITE_EQUIPMENT = ["calentador-gas", "caldera-gas", "calefaccion-otra", "aire", "bomba-de-calor"] as const;
export type RiteEquipment = (typeof RITE_EQUIPMENT)[number];

export const RITE_EQUIPMENT_LABELS: Record<RiteEquipment, string> = {
  "calentador-gas": "Calentador de agua a gas",
  "caldera-gas": "Caldera mural de gas",
  "calefaccion-otra": "Otra instalación de calefacción (gasóleo, biomasa...)",
  aire: "Aire acondicionado",
  "bomba-de-calor": "Bomba de calor (aerotermia)",
};

export type RiteUse = "vivienda" | "otros";

/** The citation printed on the maintenance record and the due list. */
export const RITE_SOURCE = "RITE (RD 1027/2007), IT 3.3, tabla 3.1";

/** Above this power, monthly maintenance by a maintenance company under contract. */
export const RITE_LARGE_KW = 70;
/** Below this power the RITE asks no maintenance programme. */
export const RITE_MIN_KW = 5;

type Row = { upToKw: number; vivienda: number; otros: number };

/** Months between maintenance operations, per equipment, in ascending bands of power. */
const TABLE: Record<RiteEquipment, readonly Row[]> = {
  "calentador-gas": [
    { upToKw: 24.4, vivienda: 60, otros: 24 },
    { upToKw: 70, vivienda: 24, otros: 12 },
  ],
  "caldera-gas": [{ upToKw: 70, vivienda: 24, otros: 12 }],
  "calefaccion-otra": [{ upToKw: 70, vivienda: 12, otros: 12 }],
  aire: [
    { upToKw: 12, vivienda: 48, otros: 24 },
    { upToKw: 70, vivienda: 24, otros: 12 },
  ],
  "bomba-de-calor": [
    { upToKw: 12, vivienda: 48, otros: 24 },
    { upToKw: 70, vivienda: 24, otros: 12 },
  ],
};

/**
 * Months between the legal maintenance operations of one unit: 1 above 70 kW, null under 5 kW
 * (no programme required). `powerKw` is the useful nominal power (the unit's plate).
 */
export function ritePeriodMonths(equipment: RiteEquipment, powerKw: number, use: RiteUse = "vivienda"): number | null {
  if (!(powerKw >= RITE_MIN_KW)) return null;
  if (powerKw > RITE_LARGE_KW) return 1;
  const row = TABLE[equipment].find((band) => powerKw <= band.upToKw)!;
  return row[use];
}

export function isRiteEquipment(value: unknown): value is RiteEquipment {
  return typeof value === "string" && (RITE_EQUIPMENT as readonly string[]).includes(value);
}
