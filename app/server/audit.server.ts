import { desc, eq, and, type SQL } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { auditLog } from "./db/shared-schema.server";

/**
 * The back office's audit log (issue 11): every change, who made it, when, and the values
 * before and after. Written in the same transaction as the change, so there is no change
 * without its line and no line without its change. The table refuses UPDATE and DELETE.
 */

/** Who acts: an administrator's e-mail, or the scheduled jobs. */
export type Actor = { email: string } | "sistema";

/** What an audit line is about; the log's filter offers the same list. */
export const AUDIT_ENTITIES = [
  "pedido", "desistimiento", "producto", "solicitud", "cliente", "sitio", "entrega",
  // Installation jobs, free visits and written quotes (issue 17).
  "trabajo", "visita", "presupuesto",
  // Quote templates (issue 30): the template's id.
  "plantilla",
  // Staff accounts' sign-ins and failures (issue 28): the account's user id.
  "cuenta",
  // One customer record (issue 30): its number.
  "ficha",
  // Maintenance plans (issue 31): the plan's number; cards Redsys keeps for their renewals: the card's id.
  "plan", "tarjeta",
  // Breakdowns reported (issue 31): the request's id.
  "averia",
] as const;

export type AuditEntry = {
  action: string;
  entity: (typeof AUDIT_ENTITIES)[number];
  entityId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

type Executor = Pick<Database, "insert">;

export function actorName(actor: Actor): string {
  return actor === "sistema" ? "sistema" : actor.email;
}

export async function audit(db: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: actorName(actor),
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Only the fields that changed, before and after (a product has forty; the log shows the two that moved). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    was[key] = before[key] ?? null;
    now[key] = value ?? null;
  }
  return { before: was, after: now };
}

export const AUDIT_PAGE_SIZE = 50;

export async function readAuditLog(
  db: Database,
  filter: { entity?: string; entityId?: string; page?: number } = {},
) {
  const conditions: SQL[] = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  const page = Math.max(1, filter.page ?? 1);
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE, page };
}
