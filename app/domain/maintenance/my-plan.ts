import type { MaintainedFamily } from "../catalogue/service-prices";
import type { PlanState, RenewalMethod } from "./plans";

/** A maintenance plan as Mis equipos shows it (issue 31); days "YYYY-MM-DD" (Madrid). */
export type MyPlanUnit = { id: number; title: string; equipment: string; serialNumber: string; installedOn: string | null; leakCheckDueOn: string | null };

export type MyPlan = {
  id: number;
  title: string;
  family: MaintainedFamily;
  state: PlanState;
  priceCents: number;
  startedOn: string;
  renewsOn: string;
  renewalMethod: RenewalMethod;
  covers: string[];
  place: string;
  units: MyPlanUnit[];
  /** Only for an active plan. */
  nextVisitDueOn: string | null;
  cancellable: boolean;
  /** The renewal waiting for the customer's transfer (from the notice, 30 days before). */
  pendingRenewal: { renewsOn: string; lastDay: string; transfer: { holder: string; iban: string; amount: string; concept: string } } | null;
  /** The invoices of paid renewals, newest first. */
  invoices: { number: string; issuedOn: string; totalCents: number }[];
  /** A plan with no unit asks for one. */
  needsUnit: boolean;
};

/** The answer of Mis equipos' plan forms: a message for the plan's card, or the unit form's errors and what was typed. */
export type PlanReply = { ok: boolean; planId: number; message: string; errors?: Record<string, string>; values?: Record<string, string> };
