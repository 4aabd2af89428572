/** The product families of the shop (spec section 3), as they appear in URLs. */
export const FAMILIES = ["calderas", "termostatos", "aires", "aerotermia"] as const;
export type Family = (typeof FAMILIES)[number];

export function isFamily(value: string): value is Family {
  return (FAMILIES as readonly string[]).includes(value);
}

/** EU energy label classes; required online for boilers, air and aerothermal units. */
export const ENERGY_CLASSES = ["A+++", "A++", "A+", "A", "B", "C", "D", "E", "F", "G"] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** Outer dimensions in centimetres (spec: medidas{alto, ancho, fondo}). */
export type Dimensions = { alto: number; ancho: number; fondo: number };

export type GasType = "natural" | "propano";

/** A basket line (spec section 3, "Cart line item"); quantity is always 1. */
export type CartLine = {
  id: number;
  familia: Family | "instalaciones" | "mantenimientos";
  cantidad: 1;
  opcion?: GasType;
  provincia?: "madrid";
};
