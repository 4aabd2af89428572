import { MAINTAINED_FAMILIES, MAINTENANCE_PRICE_CENTS, type MaintainedFamily } from "../catalogue/service-prices";
import { MAINTENANCE_INCLUDES, MAINTENANCE_TITLES } from "../site/services";
import { formatYmd } from "../dates/madrid-dates";
import type { PlanState, RenewalMethod } from "./plans";

/** A maintenance plan as Mis equipos shows it (issue 31); days "YYYY-MM-DD" (Madrid). */
export type MyPlanUnit = {
  id: number;
  title: string;
  equipment: string;
  serialNumber: string;
  installedOn: string | null;
  leakCheckDueOn: string | null;
  /** The unit we installed that this is (installed_units), if any. */
  installedUnitId: number | null;
};

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
  /** A plan of gas units: the last five-yearly inspection of the home's gas (as the customer gave it) and the next; null otherwise. */
  gasInspection: { lastOn: string | null; dueOn: string | null } | null;
  /** The visit announced and not done yet: its page (to choose or change the day) and the day chosen, ISO instants. */
  visit: { dueOn: string; href: string; startsAt: string | null; endsAt: string | null } | null;
  cancellable: boolean;
  /** How the renewals are paid: by transfer, debited under a mandate (masked account), or charged to the card Redsys keeps; whether debits are offered at all. */
  payment: { mandate: { account: string; reference: string } | null; card: { label: string; expiry: string } | null; debitOffered: boolean; wording: string };
  /** The renewal waiting for payment (from the notice, 30 days before): a transfer's details, or the debit's account and day. */
  pendingRenewal: {
    renewsOn: string;
    lastDay: string;
    transfer: { holder: string; iban: string; amount: string; concept: string };
    debit: { account: string; amount: string } | null;
    /** To be charged to the kept card on the renewal day. */
    card: { label: string; amount: string } | null;
  } | null;
  /** The signed maintenance records of the plan's visits (for the Libro del Edificio), newest first. */
  records: { signedOn: string; href: string }[];
  /** The invoices of paid renewals, newest first. */
  invoices: { number: string; issuedOn: string; totalCents: number }[];
  /** A plan with no unit asks for one. */
  needsUnit: boolean;
};

/** The answer of Mis equipos' plan forms: a message for the plan's card, or the unit form's errors and what was typed. */
export type PlanReply = { ok: boolean; planId: number; message: string; errors?: Record<string, string>; values?: Record<string, string> };

export const MY_PLAN_MESSAGES = {
  notFound: "No encontramos ese plan entre los suyos.",
  notCancellable: (state: string) => `Este plan ya no se puede cancelar: está «${state}».`,
  cancelled: (id: number, renewsOn: string) => `Plan n.º ${id} cancelado. No se renovará el ${formatYmd(renewsOn)} y no le cobraremos nada más por él. Le hemos enviado la confirmación por correo.`,
  hasUnit: "Este plan ya tiene su equipo. Si ha cambiado de equipo, llámenos y lo actualizamos.",
  declared: "Equipo guardado. Con él preparamos su primera visita.",
  gasInspection: (dueOn: string) => `Fecha guardada. La próxima inspección del gas toca antes del ${formatYmd(dueOn)}: se la recordaremos en la visita de mantenimiento.`,
} as const;

export type PlanActionResult = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/** «¿Quiere el plan de mantenimiento?» under a unit we installed: the plan it would be. */
export type PlanOffer = { family: MaintainedFamily; title: string; priceCents: number; includes: string };

/**
 * The yearly maintenance offered for a unit we installed (issue 31): when its family has one and
 * no running plan already maintains it (by the unit, or by its serial number when a plan's unit
 * was declared by hand).
 */
export function planOfferFor(
  unit: { id: number; family: string | null; serialNumber: string },
  plans: ReadonlyArray<Pick<MyPlan, "cancellable" | "units">>,
): PlanOffer | null {
  const family = MAINTAINED_FAMILIES.find((one) => one === unit.family);
  const priceCents = family ? MAINTENANCE_PRICE_CENTS[family] : undefined;
  if (!family || priceCents === undefined) return null;
  const serial = unit.serialNumber.trim().toUpperCase();
  const covered = plans.some(
    (plan) => plan.cancellable && plan.units.some((own) => own.installedUnitId === unit.id || (serial !== "" && own.serialNumber.trim().toUpperCase() === serial)),
  );
  return covered ? null : { family, title: MAINTENANCE_TITLES[family], priceCents, includes: MAINTENANCE_INCLUDES[family] };
}
