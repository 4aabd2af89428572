import { createEmailVerificationToken } from "better-auth/api";
import { addressVerificationRef } from "../outbox-refs.server";
import { and, eq, gt } from "drizzle-orm";
import { config, publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { outbox } from "../db/shared-schema.server";
import { user } from "./accounts-schema.server";
import { enqueue } from "../outbox.server";
import { isListedAdmin } from "./staff-roles.server";

/*
 * An address of ADMIN_EMAILS opens /admin only once its owner proved it (issue 28): the link
 * sent here is better-auth's own /api/auth/verify-email, which marks the address verified and
 * comes back to /login. Only listed addresses get it: customers have no verification (the
 * spec has none), so registration still answers alike for a new and a known e-mail.
 */

/** better-auth signs the link (a JWT, not stored): it works for this long. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;
/** At most one link a minute per account, whoever asks (sign-in, sign-up, the button). */
export const VERIFICATION_RESEND_MS = 60_000;


export type VerificationSent = "sent" | "recent" | "not-needed";

type Account = { id: string; email: string; emailVerified: boolean | null };

/** Queues the e-mail with this link, unless the address needs none or one left in the last minute. */
export async function queueAdminVerification(db: Database, account: Account, url: string, now = new Date()): Promise<VerificationSent> {
  if (account.emailVerified || !isListedAdmin(account.email)) return "not-needed";
  const [recent] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.ref, addressVerificationRef(account.id)), gt(outbox.createdAt, new Date(now.getTime() - VERIFICATION_RESEND_MS))))
    .limit(1);
  if (recent) return "recent";
  const shop = config().SHOP_NAME;
  await enqueue(
    db,
    "email",
    {
      to: account.email,
      subject: `${shop}: confirme su dirección para entrar en la administración`,
      text: [
        "Hola,",
        "",
        "Esta dirección es la de un administrador de la tienda. Para entrar en la administración, confirme que es suya abriendo este enlace (caduca en 24 horas):",
        "",
        url,
        "",
        "Si no ha creado usted esta cuenta ni ha iniciado sesión, no abra el enlace y avise al responsable de la tienda.",
        "",
        shop,
      ].join("\n"),
    },
    { ref: addressVerificationRef(account.id) },
  );
  return "sent";
}

/** A fresh link for this account (sign-in, the account page's button). */
export async function sendAdminVerification(db: Database, secret: string, userId: string, now = new Date()): Promise<VerificationSent> {
  const [account] = await db.select({ id: user.id, email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!account || account.emailVerified || !isListedAdmin(account.email)) return "not-needed";
  const token = await createEmailVerificationToken(secret, account.email, undefined, VERIFICATION_LINK_SECONDS, { userId: account.id });
  const url = `${publicShopInfo().baseUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent("/login")}`;
  return queueAdminVerification(db, account, url, now);
}
