import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { audit } from "../audit.server";
import { getAuth } from "../auth.server";
import { publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { calendarFeeds, session, user } from "../db/schema.server";
import { enqueue } from "../outbox.server";
import { isAdminAccount, TECHNICIAN_ROLE, type Admin } from "./admin-access.server";

/*
 * Technicians (issue 17, docs/decisions/0018-jobs-and-technicians.md): accounts with the role
 * "tecnico", created by the owner with an e-mail and a name. The technician chooses a password
 * through the ordinary reset-password e-mail, then enrols the authenticator app at
 * /tecnico/segundo-factor. Revoking the role ends their sessions and calendar feeds at once.
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

export async function createTechnician(db: Database, admin: Admin, input: { name: string; email: string }): Promise<TechnicianResult> {
  const shop = publicShopInfo();
  const result = await db.transaction(async (tx): Promise<TechnicianResult> => {
    const [existing] = await tx.select().from(user).where(eq(user.email, input.email)).for("update");
    if (existing && isAdminAccount(existing)) return { ok: false, status: 409, error: "Esa cuenta es de un administrador: no puede ser también técnico." };
    if (existing?.role === TECHNICIAN_ROLE) return { ok: false, status: 409, error: "Esa cuenta ya es de un técnico." };
    if (existing?.banned) return { ok: false, status: 409, error: "Esa cuenta está deshabilitada: habilítela antes en Clientes." };
    const now = new Date();
    let id = existing?.id;
    if (existing) {
      await tx.update(user).set({ role: TECHNICIAN_ROLE, updatedAt: now }).where(eq(user.id, existing.id));
    } else {
      id = randomUUID();
      await tx.insert(user).values({ id, name: input.name, email: input.email, emailVerified: false, role: TECHNICIAN_ROLE, createdAt: now, updatedAt: now });
    }
    await audit(tx, { email: admin.email }, {
      action: "dar de alta técnico",
      entity: "cliente",
      entityId: id!,
      before: existing ? { email: existing.email, rol: existing.role } : null,
      after: { email: input.email, nombre: existing?.name ?? input.name, rol: TECHNICIAN_ROLE },
    });
    await enqueue(tx, "email", {
      to: input.email,
      subject: `${shop.name}: acceso de técnico`,
      text: [
        `Hola, ${existing?.name || input.name}:`,
        "",
        `${shop.name} le ha dado de alta como técnico. En su área verá los trabajos y visitas que le asignen.`,
        "",
        "1. Le llega otro correo con un enlace para elegir su contraseña (caduca en 1 hora; si caduca, pida otro en «¿Ha olvidado su contraseña?»).",
        "2. Entre en esta dirección con su email y su contraseña:",
        `   ${shop.baseUrl}/login?redirectTo=%2Ftecnico`,
        "3. La primera vez configurará un segundo factor: una aplicación de autenticación en su móvil.",
        "",
        shop.name,
      ].join("\n"),
    }, { ref: `tecnico:${id}` });
    return { ok: true, message: `${input.email} es técnico. Le hemos enviado el correo para elegir su contraseña.` };
  });
  if (result.ok) {
    // The reset link through better-auth itself (its own e-mail, through the outbox).
    const auth = await getAuth();
    await auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: "/login/restablecer" } });
  }
  return result;
}

/** The role goes back to an ordinary account: their sessions and calendar feeds end now. */
export async function revokeTechnician(db: Database, admin: Admin, userId: string): Promise<TechnicianResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(user).where(and(eq(user.id, userId), eq(user.role, TECHNICIAN_ROLE))).for("update");
    if (!target) return { ok: false, status: 404, error: "Ese técnico ya no existe." };
    const now = new Date();
    await tx.update(user).set({ role: "user", updatedAt: now }).where(eq(user.id, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    const feeds = await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
    await audit(tx, { email: admin.email }, {
      action: "retirar rol de técnico",
      entity: "cliente",
      entityId: userId,
      before: { email: target.email, rol: TECHNICIAN_ROLE },
      after: { email: target.email, rol: "user", sesionesCerradas: ended.length, calendariosRevocados: feeds.length },
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
