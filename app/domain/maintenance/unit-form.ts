import { z } from "zod";
import type { MaintainedFamily } from "../catalogue/service-prices";
import { isYmd } from "../dates/madrid-dates";
import { REFRIGERANTS } from "./refrigerants";
import type { RiteEquipment } from "./rite-periods";
import { EQUIPMENT_FOR_FAMILY, UNIT_MESSAGES } from "./unit-fields";

/*
 * A unit the customer declares for a plan in Mis equipos (issue 31): equipment we did not sell
 * or install, or one bought here whose details the plan lacks. Brand, model, serial number and
 * installation day are what the plan's first visit and the RITE's record need; the power and
 * the refrigerant decide its periods (rite-periods.ts, refrigerants.ts).
 */

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
