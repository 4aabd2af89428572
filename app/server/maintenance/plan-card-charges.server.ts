import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { formatEuros } from "~/domain/money";
import { cardLabel } from "~/domain/payments/stored-card";
import { audit, type Actor } from "../audit.server";
import { config, publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { planRef } from "../outbox-refs.server";
import type { RedsysDeps } from "../payments/redsys-rest.server";
import { cardById, cardChargeById, isChargeable, openCardCharge, sendCardCharge, type CardCharge } from "../payments/stored-cards.server";
import { maintenancePlans, planRenewals } from "./maintenance-schema.server";
import { cardRefusedEmail } from "./plan-emails.server";
import { payRenewal } from "./renewal-payment.server";

/*
 * Renewals charged to the card Redsys keeps (issue 31), on the renewal day, by the daily task.
 * Exactly once, whatever the number of instances: the renewal row is locked, and the charge is
 * written and tied to it (plan_renewals.card_charge_id, unique) before anything goes to Redsys;
 * a renewal with a charge is never charged again. Then:
 * - authorised: the renewal is paid, invoiced and e-mailed, the plan goes a year on;
 * - refused (or the card no longer usable): the renewal turns to a transfer, with the same
 *   deadline, and the customer is told why and how to pay;
 * - no reliable answer: the owner is told to look in Redsys's portal; the owner's list offers
 *   «Marcar como cobrada» and «No se cobró: pedir transferencia».
 */

type Plan = typeof maintenancePlans.$inferSelect;
type Renewal = typeof planRenewals.$inferSelect;
type Claimed = { charge: CardCharge; renewalId: number };

export async function chargeDueCards(db: Database, today: string, now: Date, redsys: RedsysDeps = {}) {
  const due = await db
    .select({ id: planRenewals.id })
    .from(planRenewals)
    .where(and(eq(planRenewals.state, "pendiente"), eq(planRenewals.method, "tarjeta"), lte(planRenewals.renewsOn, today), isNull(planRenewals.cardChargeId)))
    .orderBy(asc(planRenewals.renewsOn), asc(planRenewals.id));
  const counts = { charged: 0, refused: 0, unknown: 0 };
  for (const { id } of due) {
    const claimed = await db.transaction((tx) => claimCharge(tx, id, today, now));
    if (!claimed) continue;
    const outcome = await sendCardCharge(db, claimed.charge, redsys, now);
    await db.transaction(async (tx) => {
      const locked = await lockedRenewal(tx, claimed.renewalId);
      if (!locked) return;
      const { renewal, plan } = locked;
      if (outcome.kind === "done") {
        await payRenewal(tx, "sistema", plan, renewal, { paidOn: today, bankReference: outcome.authorisationCode ?? claimed.charge.code, recordedBy: "Redsys" }, now);
        counts.charged++;
      } else if (outcome.kind === "refused") {
        await toTransfer(tx, "sistema", plan, renewal, `${outcome.meaning} (código ${outcome.code})`, now);
        counts.refused++;
      } else {
        await enqueue(tx, "email", unconfirmedChargeEmail(plan, renewal, claimed.charge), { ref: planRef(plan.id) });
        counts.unknown++;
      }
    });
  }
  return counts;
}

async function lockedRenewal(tx: Transaction, renewalId: number): Promise<{ renewal: Renewal; plan: Plan } | null> {
  const [renewal] = await tx.select().from(planRenewals).where(eq(planRenewals.id, renewalId)).for("update");
  if (renewal?.state !== "pendiente") return null;
  const [plan] = await tx.select().from(maintenancePlans).where(eq(maintenancePlans.id, renewal.planId)).for("update");
  return plan ? { renewal, plan } : null;
}

/** Under the renewal's lock: the charge written and tied to it, or null (another instance has it, or the card cannot pay). */
async function claimCharge(tx: Transaction, renewalId: number, today: string, now: Date): Promise<Claimed | null> {
  const locked = await lockedRenewal(tx, renewalId);
  if (!locked) return null;
  const { renewal, plan } = locked;
  if (renewal.method !== "tarjeta" || renewal.cardChargeId !== null || renewal.renewsOn > today || plan.state === "cancelado") return null;
  const card = await cardById(tx, plan.renewalMethod === "tarjeta" ? plan.storedCardId : null);
  if (!isChargeable(card, today)) {
    await toTransfer(tx, "sistema", plan, renewal, "la tarjeta ya no se puede usar (ha caducado o la ha retirado)", now);
    return null;
  }
  const charge = await openCardCharge(tx, card, renewal.amountCents, `Renovación del plan de mantenimiento ${plan.id}`, now);
  await tx.update(planRenewals).set({ cardChargeId: charge.id, updatedAt: now }).where(eq(planRenewals.id, renewal.id));
  await audit(tx, "sistema", { action: "cargar renovación en tarjeta", entity: "plan", entityId: String(plan.id), after: { renovacion: renewal.renewsOn, importe: renewal.amountCents, codigo: charge.code } });
  return { charge, renewalId: renewal.id };
}

/** The renewal is paid by transfer from now on, with its deadline; the customer is told why. */
async function toTransfer(tx: Transaction, actor: Actor, plan: Plan, renewal: Renewal, reason: string, now: Date): Promise<void> {
  await tx.update(planRenewals).set({ method: "transferencia", updatedAt: now }).where(eq(planRenewals.id, renewal.id));
  const card = await cardById(tx, plan.storedCardId);
  await audit(tx, actor, { action: "renovación con tarjeta no cobrada", entity: "plan", entityId: String(plan.id), before: { forma: "tarjeta" }, after: { forma: "transferencia", motivo: reason } });
  await enqueue(tx, "email", { ...cardRefusedEmail(plan, renewal, { label: card ? cardLabel(card) : "tarjeta guardada" }, reason) }, { ref: planRef(plan.id) });
}

function unconfirmedChargeEmail(plan: Plan, renewal: Renewal, charge: CardCharge) {
  const shop = publicShopInfo();
  return {
    to: config().SHOP_EMAIL,
    subject: `${shop.name}: cargo sin confirmar en la renovación del plan n.º ${plan.id}`,
    text: [
      `El cargo de ${formatEuros(charge.amountCents)} en la tarjeta guardada de ${plan.customerName} (renovación del ${formatYmd(renewal.renewsOn)} del plan n.º ${plan.id}) no ha tenido una respuesta fiable de Redsys.`,
      `Búsquelo en el portal de Redsys con el código de pedido ${charge.code}. No lo volveremos a intentar.`,
      "Si se cobró, márquelo como cobrado en la administración; si no, pida la transferencia al cliente desde la misma página:",
      `${shop.baseUrl}/admin/mantenimiento`,
    ].join("\n"),
  };
}

/** Sent minutes ago and still without an answer (the process stopped mid-call), or answered with nothing to trust. */
const IN_FLIGHT_MS = 10 * 60_000;
export function isUnconfirmed(charge: Pick<CardCharge, "state" | "createdAt">, now: Date): boolean {
  return charge.state === "sin confirmar" || (charge.state === "enviado" && now.getTime() - charge.createdAt.getTime() > IN_FLIGHT_MS);
}

export const CARD_CHARGE_MESSAGES = {
  notFound: "Esta renovación no existe.",
  notCard: "Esta renovación no se cobra con tarjeta, o su cargo ya tiene respuesta.",
  done: "Hecho: hemos pedido la transferencia al cliente por correo.",
} as const;

/**
 * «No se cobró: pedir transferencia»: the owner found in Redsys's portal that a charge without an
 * answer was not made. The renewal turns to a transfer; the charge is never sent again.
 */
export async function unconfirmedChargeNotMade(db: Database, actor: Actor, renewalId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const locked = await lockedRenewal(tx, renewalId);
    if (!locked) return { ok: false as const, status: 404 as const, message: CARD_CHARGE_MESSAGES.notFound };
    const charge = await cardChargeById(tx, locked.renewal.cardChargeId);
    if (locked.renewal.method !== "tarjeta" || !charge || !isUnconfirmed(charge, now)) {
      return { ok: false as const, status: 409 as const, message: CARD_CHARGE_MESSAGES.notCard };
    }
    await toTransfer(tx, actor, locked.plan, locked.renewal, "el cargo no llegó a hacerse", now);
    return { ok: true as const, message: CARD_CHARGE_MESSAGES.done };
  });
}
