import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../db/client.server";
import { maintenancePlans } from "./maintenance-schema.server";

/* Whose a plan is (issue 31): Mis equipos' forms act only on the session's own plans, found by its e-mail. */

export const byEmail = (email: string) => sql`lower(${maintenancePlans.customerEmail}) = ${email.trim().toLowerCase()}`;

/** One of this e-mail's plans, its row locked; null when it is someone else's or does not exist. */
export async function ownPlanForUpdate(tx: Transaction, email: string, planId: number) {
  const [plan] = await tx.select().from(maintenancePlans).where(and(eq(maintenancePlans.id, planId), byEmail(email))).for("update");
  return plan ?? null;
}
