import { addMonths, isYmd } from "../dates/madrid-dates";
import type { RiteEquipment } from "./rite-periods";

/*
 * The periodic inspection of a home's gas installation (issue 31): every five years, done by the
 * gas distributor, who warns the customer beforehand and charges its regulated fee — separate
 * from the RITE's maintenance of the boiler. Reglamento técnico de distribución y utilización
 * de combustibles gaseosos (Real Decreto 919/2006), ITC-ICG 07, apartado 4 «Control periódico de
 * las instalaciones receptoras», in the wording of Real Decreto 984/2015; in the Comunidad de
 * Madrid, the procedure and fees of Decreto 18/2019. The shop keeps the day of the last one for
 * the plans of gas units: its due list shows when the next falls, so the yearly visit can check
 * the installation is ready for it.
 */

export const GAS_INSPECTION_YEARS = 5;

export const GAS_INSPECTION_SOURCE = "RD 919/2006, ITC-ICG 07, apartado 4 (RD 984/2015); Decreto 18/2019 de la Comunidad de Madrid";

const GAS_EQUIPMENT: readonly RiteEquipment[] = ["caldera-gas", "calentador-gas"];

/** Whether a plan's units burn gas (its home then has the five-yearly inspection). */
export function hasGasUnit(units: readonly { equipment: RiteEquipment }[]): boolean {
  return units.some((unit) => GAS_EQUIPMENT.includes(unit.equipment));
}

/** The next inspection after the one on `lastOn`, or null when that day is not known. */
export function gasInspectionDueOn(lastOn: string | null): string | null {
  return lastOn && isYmd(lastOn) ? addMonths(lastOn, GAS_INSPECTION_YEARS * 12) : null;
}

export const GAS_INSPECTION_MESSAGE = "Escriba el día de la última inspección del gas (el del certificado de la distribuidora), de los últimos cinco años.";

/** A typed day of the last inspection: a real day, not ahead of today, within the last five years. */
export function isGasInspectionDay(value: string, today: string): boolean {
  return isYmd(value) && value <= today && value > addMonths(today, -GAS_INSPECTION_YEARS * 12);
}
