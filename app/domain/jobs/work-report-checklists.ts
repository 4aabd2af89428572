import type { Family } from "../catalogue/product";
import { RITE_CHECKLIST_KINDS, RITE_OPERATIONS, type RiteChecklistKind } from "../maintenance/rite-operations";

/*
 * The checklist of a work report (issue 17), per kind of job: what an installer ticks before
 * asking the customer to sign, in the words they use. The kind follows from the families of the
 * catalogue units the customer accepted (a boiler job is a boiler job even with a thermostat in
 * it); a job without catalogue units is maintenance or a repair. The technician may choose
 * another kind on the form. Only a gas boiler asks for the combustion analysis (RITE, IT 3.4.2).
 * A plan's maintenance visit (issue 31) uses the RITE's operations for its units
 * (~/domain/maintenance/rite-operations.ts).
 */

const RITE_KINDS = RITE_CHECKLIST_KINDS as readonly RiteChecklistKind[];
export const CHECKLIST_KINDS = ["caldera-gas", "aire", "aerotermia", "termostato", "mantenimiento", ...RITE_KINDS] as const;
export type ChecklistKind = "caldera-gas" | "aire" | "aerotermia" | "termostato" | "mantenimiento" | RiteChecklistKind;

export type ChecklistItem = { id: string; text: string };
export type Checklist = { kind: ChecklistKind; label: string; combustion: boolean; items: readonly ChecklistItem[] };

const EXPLAINED: ChecklistItem = { id: "explicacion", text: "Explicación del uso al cliente" };

/** A maintenance visit's checklist: the RITE's operations for its kind of unit. */
function riteChecklist(kind: RiteChecklistKind): Checklist {
  const { label, combustion, items } = RITE_OPERATIONS[kind];
  return { kind, label, combustion, items };
}

export const CHECKLISTS: Record<ChecklistKind, Checklist> = {
  "mantenimiento-caldera": riteChecklist("mantenimiento-caldera"),
  "mantenimiento-aire": riteChecklist("mantenimiento-aire"),
  "mantenimiento-aerotermia": riteChecklist("mantenimiento-aerotermia"),
  "caldera-gas": {
    kind: "caldera-gas",
    label: "Caldera de gas (instalación o sustitución)",
    combustion: true,
    items: [
      { id: "anclaje", text: "Caldera anclada y nivelada" },
      { id: "conexiones", text: "Conexiones de gas, agua y calefacción hechas" },
      { id: "estanqueidad-gas", text: "Prueba de estanqueidad del gas" },
      { id: "humos", text: "Salida de humos montada y comprobada" },
      { id: "condensados", text: "Desagüe de condensados conectado" },
      { id: "purgado", text: "Llenado y purgado del circuito" },
      { id: "presion", text: "Presión de la instalación comprobada" },
      { id: "puesta-en-marcha", text: "Puesta en marcha y análisis de combustión" },
      EXPLAINED,
    ],
  },
  aire: {
    kind: "aire",
    label: "Aire acondicionado",
    combustion: false,
    items: [
      { id: "unidades", text: "Unidades interior y exterior fijadas y niveladas" },
      { id: "lineas", text: "Líneas frigoríficas abocardadas y aisladas" },
      { id: "estanqueidad-nitrogeno", text: "Prueba de estanqueidad con nitrógeno" },
      { id: "vacio-carga", text: "Vacío y carga de refrigerante" },
      { id: "condensados", text: "Desagüe de condensados comprobado" },
      { id: "electrica", text: "Conexión eléctrica y protección comprobadas" },
      { id: "prueba", text: "Prueba en frío y en calor" },
      EXPLAINED,
    ],
  },
  aerotermia: {
    kind: "aerotermia",
    label: "Bomba de calor aerotérmica",
    combustion: false,
    items: [
      { id: "unidad-exterior", text: "Unidad exterior sobre soportes antivibratorios" },
      { id: "hidraulica", text: "Conexiones hidráulicas y filtro montados" },
      { id: "purgado", text: "Llenado y purgado del circuito" },
      { id: "presion", text: "Presión de la instalación comprobada" },
      { id: "expansion", text: "Vaso de expansión comprobado" },
      { id: "electrica", text: "Conexión eléctrica y protección comprobadas" },
      { id: "ajustes", text: "Curva de calefacción y agua caliente ajustadas" },
      EXPLAINED,
    ],
  },
  termostato: {
    kind: "termostato",
    label: "Termostato",
    combustion: false,
    items: [
      { id: "conexion", text: "Termostato o receptor conectado a la caldera" },
      { id: "ubicacion", text: "Colocado lejos de fuentes de calor y corrientes" },
      { id: "wifi", text: "Conexión wifi y aplicación configuradas (si las tiene)" },
      { id: "programacion", text: "Programación horaria ajustada" },
      { id: "prueba", text: "Prueba de encendido y apagado de la calefacción" },
      EXPLAINED,
    ],
  },
  mantenimiento: {
    kind: "mantenimiento",
    label: "Mantenimiento o reparación",
    combustion: false,
    items: [
      { id: "revision", text: "Revisión del equipo y de la avería" },
      { id: "limpieza", text: "Limpieza de los componentes" },
      { id: "piezas", text: "Piezas cambiadas comprobadas" },
      { id: "presion", text: "Presión de la instalación comprobada" },
      { id: "prueba", text: "Prueba de funcionamiento" },
      EXPLAINED,
    ],
  },
};

export function isChecklistKind(value: unknown): value is ChecklistKind {
  return typeof value === "string" && (CHECKLIST_KINDS as readonly string[]).includes(value);
}

/** Which family decides the kind when a job installs several (the boiler over its thermostat). */
const BY_FAMILY: readonly [Family, ChecklistKind][] = [
  ["calderas", "caldera-gas"],
  ["aerotermia", "aerotermia"],
  ["aires", "aire"],
  ["termostatos", "termostato"],
];

/** The kind of job the accepted catalogue units say; maintenance or a repair without any. */
export function checklistKindFor(families: readonly Family[]): ChecklistKind {
  return BY_FAMILY.find(([family]) => families.includes(family))?.[1] ?? "mantenimiento";
}
