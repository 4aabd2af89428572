import { z } from "zod";
import type { MaintainedFamily } from "../catalogue/service-prices";
import { isYmd } from "../dates/madrid-dates";
import { REFRIGERANTS } from "./refrigerants";
import { RITE_EQUIPMENT_LABELS, type RiteEquipment } from "./rite-periods";

/*
 * A unit the customer declares for a plan in Mis equipos (issue 31): equipment we did not sell
 * or install, or one bought here whose details the plan lacks. Brand, model, serial number and
 * installation day are what the plan's first visit and the RITE's record need; the power and
 * the refrigerant decide its periods (rite-periods.ts, refrigerants.ts).
 */

/** The kinds of equipment a family's plan may maintain. */
export const EQUIPMENT_FOR_FAMILY: Record<MaintainedFamily, readonly RiteEquipment[]> = {
  calderas: ["caldera-gas", "calentador-gas", "calefaccion-otra"],
  aires: ["aire", "bomba-de-calor"],
  aerotermia: ["bomba-de-calor"],
};

export const UNIT_FIELDS = { equipment: "tipo", brand: "marca", model: "modelo", serial: "serie", installedOn: "instalado", powerKw: "potencia", refrigerant: "refrigerante", chargeKg: "carga", sealed: "sellado" } as const;

export const UNIT_MESSAGES = {
  equipment: "Elija el tipo de equipo.",
  brand: "Escriba la marca del equipo.",
  model: "Escriba el modelo del equipo.",
  serial: "Escriba el número de serie (está en la placa de características del equipo).",
  installedOn: "Escriba la fecha de instalación (no puede ser futura).",
  powerKw: "Escriba la potencia en kW, con un número entre 1 y 1.000 (por ejemplo, 24 o 3,5).",
  refrigerant: "Elija el gas refrigerante de la lista.",
  chargeKg: "Escriba la carga de refrigerante en kg, con un número entre 0,1 y 1.000 (por ejemplo, 1,2).",
  chargeWithoutGas: "Elija también el gas refrigerante de esa carga.",
} as const;

const text = (max: number, message: string) => z.string({ message }).trim().min(1, message).max(max, message);
/** A decimal number typed the Spanish way ("3,5") or with a point; "" is none. */
const decimal = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .default("")
    .transform((value, ctx) => {
      value = value.trim();
      if (value === "") return null;
      const number = /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(",", ".")) : NaN;
      if (!Number.isFinite(number) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });

export function unitFormSchema(family: MaintainedFamily, today: string) {
  return z
    .object({
      tipo: z.enum(EQUIPMENT_FOR_FAMILY[family] as [RiteEquipment, ...RiteEquipment[]], { message: UNIT_MESSAGES.equipment }),
      marca: text(60, UNIT_MESSAGES.brand),
      modelo: text(80, UNIT_MESSAGES.model),
      serie: text(60, UNIT_MESSAGES.serial),
      instalado: z.string({ message: UNIT_MESSAGES.installedOn }).refine((value) => isYmd(value) && value >= "1970-01-01" && value <= today, UNIT_MESSAGES.installedOn),
      potencia: decimal(1, 1000, UNIT_MESSAGES.powerKw),
      refrigerante: z.union([z.literal(""), z.enum(REFRIGERANTS)], { message: UNIT_MESSAGES.refrigerant }).default("").transform((value) => value || null),
      carga: decimal(0.1, 1000, UNIT_MESSAGES.chargeKg),
      sellado: z.literal("si").optional(),
    })
    .superRefine((unit, ctx) => {
      if (unit.carga !== null && unit.refrigerante === null) ctx.addIssue({ code: "custom", path: ["refrigerante"], message: UNIT_MESSAGES.chargeWithoutGas });
    })
    .transform((unit) => ({
      equipment: unit.tipo,
      brand: unit.marca,
      model: unit.modelo,
      serialNumber: unit.serie,
      installedOn: unit.instalado,
      powerKw: unit.potencia,
      refrigerant: unit.refrigerante,
      chargeKg: unit.carga,
      hermeticallySealed: unit.sellado === "si",
    }));
}

export type DeclaredUnit = z.output<ReturnType<typeof unitFormSchema>>;

export function equipmentOptions(family: MaintainedFamily): { value: RiteEquipment; label: string }[] {
  return EQUIPMENT_FOR_FAMILY[family].map((value) => ({ value, label: RITE_EQUIPMENT_LABELS[value] }));
}
