import type { RiteEquipment } from "../maintenance/rite-periods";

/*
 * What a job is (issue 31): an installation made from an accepted quote (issue 17), a
 * maintenance visit of a plan, or the repair of a breakdown; the last two have no quote: their
 * title and units say what they are.
 */

export const JOB_KINDS = ["instalacion", "mantenimiento", "reparacion"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_KIND_LABELS: Record<JobKind, string> = {
  instalacion: "Instalación",
  mantenimiento: "Mantenimiento",
  reparacion: "Reparación",
};

/** Whether a job asks money of its own (charges, invoices): an installation and a repair; a plan's visit is paid by the plan. */
export function isBilledJob(kind: JobKind): boolean {
  return kind !== "mantenimiento";
}

/** A unit a job without a quote works on, as the plan had it when the job was opened. */
export type ServiceUnit = {
  planUnitId: number;
  equipment: RiteEquipment;
  brand: string;
  model: string;
  serialNumber: string;
  powerKw: number | null;
  refrigerant: string | null;
  chargeKg: number | null;
};

/** How a job is named in lists, calendars and e-mails: its quote's number, or its own title. */
export function jobReference(job: { quoteNumber: string | null; title: string }): string {
  return job.quoteNumber ?? job.title;
}

/** "Caldera mural de gas Vaillant ecoTEC plus (n.º de serie 21-123)". */
export function serviceUnitLine(unit: ServiceUnit, equipmentLabel: string): string {
  const name = [equipmentLabel, unit.brand, unit.model].filter(Boolean).join(" ");
  return unit.serialNumber ? `${name} (n.º de serie ${unit.serialNumber})` : name;
}

/** How the customer's e-mails and calendar files name a job. */
export type JobWords = { noun: string; whole: string; fileStem: string };

export function jobWords(job: { kind: JobKind; reference: string }): JobWords {
  const stem = job.reference.normalize("NFD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
  const lower = `${job.reference.charAt(0).toLowerCase()}${job.reference.slice(1)}`;
  if (job.kind === "instalacion") return { noun: "instalación", whole: `la instalación de su presupuesto ${job.reference}`, fileStem: `instalacion-${job.reference}` };
  if (job.kind === "reparacion") return { noun: "reparación", whole: `la reparación de su ${lower}`, fileStem: `reparacion-${stem}` };
  return { noun: "visita de mantenimiento", whole: `la visita de mantenimiento de su ${lower}`, fileStem: `mantenimiento-${stem}` };
}

/** The back office's name of a job: "Trabajo del presupuesto P2026-000007", "Mantenimiento: Plan n.º 12". */
export function jobHeading(job: { kind: JobKind; reference: string }): string {
  return job.kind === "instalacion" ? `Trabajo del presupuesto ${job.reference}` : `${JOB_KIND_LABELS[job.kind]}: ${job.reference}`;
}
