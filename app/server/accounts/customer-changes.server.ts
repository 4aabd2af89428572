import { eq } from "drizzle-orm";
import { refusal, type AccountChange } from "~/domain/accounts/customers";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { user } from "../db/schema.server";
import { isListedAdmin, type Admin } from "./admin-access.server";
import { endAccess, endedFields } from "./end-access.server";

/*
 * Disabling, enabling and the administrator role, from the back office (issue 11). The same
 * columns and meaning as better-auth's admin plugin, whose HTTP endpoints are closed here
 * (routes/auth-api.ts): a ban is user.banned (no expiry) and every session of the account
 * is deleted with it, in one transaction; better-auth then refuses new sessions with
 * BANNED_USER, which the sign-in page shows as the spec's "La cuenta ha sido desabilitada por
 * el administrador." (app/domain/accounts/auth-messages.ts). Each change writes its audit line.
 */

export type ChangeResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string };

export async function changeAccount(
  db: Database,
  admin: Admin,
  userId: string,
  change: AccountChange,
  options: { reason?: string } = {},
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, banned: user.banned, banReason: user.banReason, role: user.role, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!target) return { ok: false, status: 404, error: "Esta cuenta ya no existe." };
    const facts = {
      self: target.id === admin.id,
      listed: isListedAdmin(target.email),
      banned: Boolean(target.banned),
      role: target.role,
      verified: Boolean(target.emailVerified),
    };
    const refused = refusal(change, facts);
    if (refused) return { ok: false, status: 409, error: refused };

    const actor = { email: admin.email };
    const entity = { entity: "cliente" as const, entityId: target.id };
    const now = new Date();
    switch (change) {
      case "disable": {
        const reason = options.reason || null;
        await tx.update(user).set({ banned: true, banReason: reason, banExpires: null, updatedAt: now }).where(eq(user.id, target.id));
        const ended = await endAccess(tx, target, now);
        await audit(tx, actor, {
          action: "deshabilitar cuenta",
          ...entity,
          before: { email: target.email, deshabilitada: false },
          after: { email: target.email, deshabilitada: true, motivo: reason, ...endedFields(ended) },
        });
        return { ok: true, message: `Cuenta deshabilitada; se han cerrado sus sesiones abiertas (${ended.sessions}).` };
      }
      case "enable":
        await tx.update(user).set({ banned: false, banReason: null, banExpires: null, updatedAt: now }).where(eq(user.id, target.id));
        await audit(tx, actor, {
          action: "habilitar cuenta",
          ...entity,
          before: { email: target.email, deshabilitada: true, motivo: target.banReason },
          after: { email: target.email, deshabilitada: false },
        });
        return { ok: true, message: "Cuenta habilitada: ya puede iniciar sesión." };
      case "grant":
      case "revoke": {
        const role = change === "grant" ? "admin" : "user";
        await tx.update(user).set({ role, updatedAt: now }).where(eq(user.id, target.id));
        // Taking the role away ends what the account could still use as an administrator (issue 28).
        const ended = change === "revoke" ? endedFields(await endAccess(tx, target, now)) : {};
        await audit(tx, actor, {
          action: change === "grant" ? "conceder administración" : "retirar administración",
          ...entity,
          before: { email: target.email, rol: target.role },
          after: { email: target.email, rol: role, ...ended },
        });
        return {
          ok: true,
          message:
            change === "grant"
              ? "Ahora es administrador: la primera vez que entre en /admin configurará su segundo factor."
              : "Ya no es administrador.",
        };
      }
    }
  });
}
