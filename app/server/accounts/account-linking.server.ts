import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { account, session, user } from "../db/schema.server";
import { enqueue } from "../outbox.server";

/*
 * One account per e-mail (issue 5): a Google sign-in with the e-mail of an existing account
 * joins that account. Registration does not prove that the registrant owns the e-mail, so
 * someone could register a victim's address with a password of theirs and wait for the victim
 * to arrive through Google ("pre-account takeover"). When Google joins an account whose
 * e-mail nobody has proved yet, that account's password and sessions are therefore dropped:
 * Google has just proved the address, the one who chose the password may not have. The owner
 * can set a password again through "¿Ha olvidado su contraseña?", which proves the address.
 * See docs/deviations.md.
 */

/** better-auth's account.create.before hook. */
export async function beforeAccountCreated(
  db: Database,
  created: { providerId: string; userId: string },
  shopName: string,
): Promise<void> {
  if (created.providerId === "credential") return;
  const [owner] = await db.select().from(user).where(eq(user.id, created.userId));
  if (!owner || owner.emailVerified) return;
  const dropped = await db
    .delete(account)
    .where(and(eq(account.userId, owner.id), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (dropped.length === 0) return;
  await db.delete(session).where(eq(session.userId, owner.id));
  await enqueue(db, "email", {
    to: owner.email,
    subject: `${shopName}: su cuenta ahora usa Google`,
    text: [
      "Hola,",
      "",
      "Acaba de iniciar sesión con Google en una cuenta que se había creado con este email y una contraseña.",
      "Hemos unido las dos: sus pedidos siguen en la misma cuenta.",
      "Como nadie había confirmado hasta ahora que el email de esa cuenta fuera suyo, por seguridad hemos anulado su contraseña y cerrado las sesiones abiertas.",
      "Puede seguir entrando con Google. Si quiere volver a usar una contraseña, pulse «¿Ha olvidado su contraseña?» en la página de acceso.",
      "",
      shopName,
    ].join("\n"),
  });
}

/** A completed password reset proves the address: it counts as verified from then on. */
export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
}
