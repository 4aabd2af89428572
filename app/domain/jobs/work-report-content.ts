import type { QuoteLine } from "../quotes/quote-content";
import type { RepairCause, RepairCovered, RepairPart } from "../repairs/repair-outcome";

/*
 * What a technician's work report (parte de trabajo, issue 17) records, as stored in
 * work_reports.content. Amounts in euro cents without VAT; quantities in thousandths like the
 * quote's lines.
 */

/** The combustion analysis of a gas boiler (RITE, IT 3.4.2): what the flue-gas analyser reads. */
export type CombustionAnalysis = {
  /** Carbon monoxide, ppm (corrected, undiluted). */
  coPpm: number;
  /** CO2 in % of the flue gas, or null when the analyser gave O2 instead. */
  co2Percent: number | null;
  /** O2 in % of the flue gas, or null when the analyser gave CO2 instead. */
  o2Percent: number | null;
  /** Flue-gas temperature, °C. */
  flueTempC: number;
  /** Combustion efficiency, %. */
  efficiencyPercent: number;
};

/** A unit installed: its serial number is what the customer's "Mis equipos" lists. */
export type InstalledUnitEntry = {
  productId: number | null;
  brand: string;
  model: string;
  serialNumber: string;
};

/**
 * Work or material not in the accepted quote, accepted by the customer with the report's
 * signature: a quote line of kind "mano_de_obra" or "material" (never used goods, never a
 * catalogue product: those need a quote of their own).
 */
export type ExtraWorkLine = QuoteLine & { kind: "mano_de_obra" | "material"; productId: null; used: false };

export type WorkReportContent = {
  /** The kind of job whose checklist was used ("caldera-gas", "aire", ...). */
  checklistKind: string;
  checklist: { item: string; done: boolean }[];
  combustion: CombustionAnalysis | null;
  units: InstalledUnitEntry[];
  extras: ExtraWorkLine[];
  notes: string;
  /**
   * A maintenance visit found a refrigerant leak (issue 31): where, and what was done. Absent or
   * null when none was found (and on every report written before leaks were recorded).
   */
  leak?: RefrigerantLeak | null;
  /** A repair job's findings (issue 31): absent on installations and maintenance visits. */
  repair?: RepairOutcome | null;
};

/**
 * What the technician found and did on a repair: the diagnosis and its cause, the parts taken
 * from stock (labour and hand-typed materials are the report's extras), what the coverage pays
 * for, whether the unit must be replaced, and the customer's confirmation of the reduced VAT's
 * conditions. `totalCents` is what the customer accepted with the signature (VAT included).
 */
export type RepairOutcome = {
  diagnosis: string;
  cause: RepairCause;
  parts: RepairPart[];
  covered: RepairCovered;
  replacement: boolean;
  reducedVatConfirmed: boolean;
  vatRate: number;
  totalCents: number;
};

export type RefrigerantLeak = { where: string };
