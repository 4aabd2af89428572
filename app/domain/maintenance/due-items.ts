/* What the owner's due list shows (issue 31; app/server/maintenance/due-list.server.ts). */

export const DUE_KINDS = ["visita", "renovacion", "fuga", "fugas", "inspeccion-gas", "garantia"] as const;
export type DueKind = (typeof DUE_KINDS)[number];

export const DUE_KIND_LABELS: Record<DueKind, string> = {
  visita: "Visita de mantenimiento",
  renovacion: "Renovación del plan",
  fuga: "Fuga por reparar (gases fluorados)",
  fugas: "Control de fugas (gases fluorados)",
  "inspeccion-gas": "Inspección periódica del gas",
  garantia: "Fin de garantía",
};

/** A leak found on a visit is repaired within 30 days at the latest (Regulation (EU) 2024/573, art. 4): the list's day. */
export const LEAK_REPAIR_DAYS = 30;

export type DueItem = {
  kind: DueKind;
  on: string;
  what: string;
  customerName: string;
  customerId: number | null;
  planId: number | null;
  /** What it brings in (a renewal's price), VAT included. */
  amountCents: number | null;
};

export type DueMonth = { firstDay: string; items: DueItem[]; renewalsCents: number };
