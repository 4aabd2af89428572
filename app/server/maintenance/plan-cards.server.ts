import { and, eq, inArray, ne } from "drizzle-orm";
import type { Transaction } from "../db/client.server";
import { forgetCard } from "../payments/stored-cards.server";
import { maintenancePlans } from "./maintenance-schema.server";

/*
 * A plan that stops renewing with the card Redsys keeps (issue 31): the plan lets the card go,
 * and the card is forgotten (never charged again) once no running plan renews with it: one
 * payment may have kept it for two plans.
 */
export async function leaveCard(tx: Transaction, plan: Pick<typeof maintenancePlans.$inferSelect, "id" | "storedCardId">, now: Date): Promise<void> {
  if (plan.storedCardId === null) return;
  await tx.update(maintenancePlans).set({ storedCardId: null, updatedAt: now }).where(eq(maintenancePlans.id, plan.id));
  const [other] = await tx
    .select({ id: maintenancePlans.id })
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.storedCardId, plan.storedCardId), ne(maintenancePlans.id, plan.id), inArray(maintenancePlans.state, ["activo", "pendiente_pago"])))
    .limit(1);
  if (!other) await forgetCard(tx, plan.storedCardId, now);
}
