/*
 * What a repair finds (issue 31): the causes a technician chooses from, the parts taken from
 * stock and what the coverage pays for, as the report stores them (jobs/work-report-content.ts).
 */

export const REPAIR_CAUSES = ["defecto", "instalacion", "desgaste", "externa"] as const;
export type RepairCause = (typeof REPAIR_CAUSES)[number];

export const REPAIR_CAUSE_LABELS: Record<RepairCause, string> = {
  defecto: "Defecto del equipo (una pieza o su fabricación)",
  instalacion: "Fallo de la instalación",
  desgaste: "Desgaste por el uso (pieza al final de su vida)",
  externa: "Mal uso o causa externa (golpe, subida de tensión, agua...)",
};

/** A catalogue product taken from stock for a repair, at the catalogue's price without VAT when signed. */
export type RepairPart = { productId: number; description: string; quantity: number; unitBaseCents: number };

/** What the shop does not charge. */
export type RepairCovered = { callOut: boolean; labour: boolean; parts: boolean };

/** What the covered statement on the report says. */
export function coveredText(covered: RepairCovered): string {
  const free = [covered.callOut ? "el desplazamiento" : null, covered.labour ? "la mano de obra" : null, covered.parts ? "las piezas" : null].filter(Boolean);
  if (free.length === 0) return "Sin cobertura: se cobra todo.";
  const list = free.length > 1 ? `${free.slice(0, -1).join(", ")} y ${free.at(-1)}` : free[0]!;
  return `Sin cargo por garantía o plan: ${list}.`;
}
