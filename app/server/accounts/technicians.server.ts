import { and, asc, eq, sql } from "drizzle-orm";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { user } from "./accounts-schema.server";
import type { Admin } from "./admin-access.server";
import { TECHNICIAN_ROLE } from "./staff-roles.server";
import { endAccess, endedFields } from "./end-access.server";

/*
 * Technicians (issue 17, docs/decisions/0018-jobs-and-technicians.md): accounts with the role
 * "tecnico". The owner invites them (invitations.server.ts, issue 28); they set their password
 * or accept with their existing account, then enrol the second factor at /tecnico/segundo-factor.
 * Revoking the role ends everything they could still use (end-access.server.ts) at once.
 */

export type TechnicianRow = {
  id: string;
  name: string;
  email: string;
  enrolled: boolean;
  feedSince: Date | null;
};

export async function listTechnicians(db: Database): Promise<TechnicianRow[]> {
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      enrolled: user.twoFactorEnabled,
      // Qualified by hand: drizzle leaves the table out of column names in a one-table select.
      feedSince: sql<Date | null>`(select max(f.created_at) from calendar_feeds f where f.user_id = "user".id and f.revoked_at is null)`,
    })
    .from(user)
    .where(eq(user.role, TECHNICIAN_ROLE))
    .orderBy(asc(user.name), asc(user.email));
  return rows.map((row) => ({ ...row, enrolled: Boolean(row.enrolled), feedSince: row.feedSince ? new Date(row.feedSince) : null }));
}

/** Technicians for the scheduling form's choice. */
export async function technicianChoices(db: Database): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: user.id, name: user.name }).from(user).where(eq(user.role, TECHNICIAN_ROLE)).orderBy(asc(user.name));
}

export type TechnicianResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string };

/** The role goes back to an ordinary account: their sessions, calendar feeds, invitations and reset links end now. */
export async function revokeTechnician(db: Database, admin: Admin, userId: string): Promise<TechnicianResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(user).where(and(eq(user.id, userId), eq(user.role, TECHNICIAN_ROLE))).for("update");
    if (!target) return { ok: false, status: 404, error: "Ese técnico ya no existe." };
    const now = new Date();
    await tx.update(user).set({ role: "user", updatedAt: now }).where(eq(user.id, userId));
    const ended = await endAccess(tx, target, now);
    await audit(tx, { email: admin.email }, {
      action: "retirar rol de técnico",
      entity: "cliente",
      entityId: userId,
      before: { email: target.email, rol: TECHNICIAN_ROLE },
      after: { email: target.email, rol: "user", ...endedFields(ended), calendariosRevocados: ended.feeds },
    });
    return { ok: true, message: `${target.email} ya no es técnico: sus sesiones y su calendario se han cerrado.` };
  });
}

export async function findTechnician(db: Database, id: string): Promise<{ id: string; name: string; email: string } | null> {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.id, id), eq(user.role, TECHNICIAN_ROLE)));
  return row ?? null;
}
