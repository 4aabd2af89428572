import type { RiteEquipment } from "./rite-periods";

/*
 * What a maintenance visit does to each kind of equipment (issue 31): the operations of the
 * RITE's preventive maintenance programme (Real Decreto 1027/2007, IT 3.3, tabla 3.1 «Operaciones
 * de mantenimiento preventivo y su periodicidad»; consolidated text at
 * https://www.boe.es/buscar/act.php?id=BOE-A-2007-15820) that apply to a home's unit of that kind,
 * in the words a technician uses, plus the leak check of Regulation (EU) 2024/573 art. 5 for
 * units with fluorinated refrigerant and, for gas boilers, the combustion analysis (IT 3.4.2)
 * the report already records. These are the technician's checklist on a maintenance report and
 * the lines of the maintenance record the customer keeps.
 */

export type RiteOperation = { id: string; text: string };

/** The leak check of a unit with fluorinated refrigerant (Regulation (EU) 2024/573, art. 5). */
export const LEAK_CHECK: RiteOperation = { id: "control-fugas", text: "Control de fugas de gas fluorado con detector: sin fugas (Reglamento (UE) 2024/573, art. 5)" };

const WATER_CIRCUIT: RiteOperation[] = [
  { id: "niveles-agua", text: "Comprobación de los niveles de agua del circuito" },
  { id: "estanquidad-tuberias", text: "Comprobación de la estanquidad de las tuberías" },
  { id: "vaso-expansion", text: "Revisión del vaso de expansión" },
  { id: "seguridad", text: "Comprobación del tarado de los elementos de seguridad" },
];

const HOT_WATER_AND_CONTROL: RiteOperation[] = [
  { id: "acs", text: "Revisión del sistema de preparación de agua caliente sanitaria" },
  { id: "control", text: "Revisión del sistema de control automático" },
];

export const RITE_OPERATIONS = {
  "mantenimiento-caldera": {
    label: "Mantenimiento de caldera de gas (RITE, IT 3.3)",
    combustion: true,
    items: [
      { id: "circuito-humos", text: "Comprobación y limpieza, si procede, del circuito de humos de la caldera" },
      { id: "chimenea", text: "Comprobación y limpieza, si procede, de los conductos de humos y la chimenea" },
      { id: "quemador", text: "Limpieza del quemador de la caldera" },
      { id: "cierre-quemador", text: "Comprobación de la estanquidad del cierre entre quemador y caldera" },
      { id: "revision-general", text: "Revisión general de la caldera de gas" },
      ...WATER_CIRCUIT,
      ...HOT_WATER_AND_CONTROL,
      { id: "combustion", text: "Análisis de la combustión y del rendimiento (IT 3.4.2)" },
    ],
  },
  "mantenimiento-aire": {
    label: "Mantenimiento de aire acondicionado (RITE, IT 3.3)",
    combustion: false,
    items: [
      { id: "evaporador", text: "Limpieza del evaporador (unidad interior)" },
      { id: "condensador", text: "Limpieza del condensador (unidad exterior)" },
      { id: "filtros-aire", text: "Revisión y limpieza de los filtros de aire" },
      { id: "refrigerante", text: "Comprobación de la estanquidad y de los niveles de refrigerante y aceite" },
      LEAK_CHECK,
      { id: "equipo-autonomo", text: "Revisión del equipo autónomo: ventiladores, desagüe de condensados y conexión eléctrica" },
      { id: "control", text: "Revisión del sistema de control automático" },
    ],
  },
  "mantenimiento-aerotermia": {
    label: "Mantenimiento de bomba de calor aerotérmica (RITE, IT 3.3)",
    combustion: false,
    items: [
      { id: "evaporador", text: "Limpieza de la batería de la unidad exterior" },
      { id: "refrigerante", text: "Comprobación de la estanquidad y de los niveles de refrigerante y aceite" },
      LEAK_CHECK,
      ...WATER_CIRCUIT,
      { id: "filtros-agua", text: "Revisión y limpieza de los filtros de agua" },
      { id: "bombas", text: "Revisión de las bombas y los ventiladores" },
      { id: "aislamiento", text: "Revisión del estado del aislamiento térmico" },
      ...HOT_WATER_AND_CONTROL,
    ],
  },
} as const satisfies Record<string, { label: string; combustion: boolean; items: readonly RiteOperation[] }>;

export type RiteChecklistKind = keyof typeof RITE_OPERATIONS;

export const RITE_CHECKLIST_KINDS = Object.keys(RITE_OPERATIONS) as RiteChecklistKind[];

/** The checklist of a visit to these units: the boiler's when there is one (it asks the combustion analysis), then the heat pump's, then the air conditioner's. */
export function riteChecklistFor(equipment: readonly RiteEquipment[]): RiteChecklistKind | null {
  if (equipment.some((kind) => kind === "caldera-gas" || kind === "calentador-gas" || kind === "calefaccion-otra")) return "mantenimiento-caldera";
  if (equipment.includes("bomba-de-calor")) return "mantenimiento-aerotermia";
  if (equipment.includes("aire")) return "mantenimiento-aire";
  return null;
}
