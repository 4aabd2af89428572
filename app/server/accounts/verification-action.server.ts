import { data } from "react-router";
import { RESEND_VERIFICATION, type VerificationReply } from "~/domain/accounts/admin-verification";
import type { AuthNotice } from "~/domain/accounts/auth-messages";
import { authSecret } from "../auth.server";
import { getDb } from "../db/db.server";
import { getSessionUser } from "../session.server";
import { isListedAdmin } from "./admin-access.server";
import { sendAdminVerification } from "./admin-verification.server";

const reply = (notice: AuthNotice, status = 200) => data<VerificationReply>({ intent: RESEND_VERIFICATION, notice }, { status });

/** The account page's "Enviar el enlace otra vez" (issue 28), posted to /login. */
export async function resendVerification(request: Request) {
  const user = await getSessionUser(request);
  if (!user) return reply({ tone: "error", text: "Inicie sesión para pedir el enlace." }, 401);
  const sent = await sendAdminVerification(await getDb(), authSecret(), user.id);
  switch (sent) {
    case "sent":
      return reply({ tone: "ok", text: `Le hemos enviado otro enlace a ${user.email}.` });
    case "recent":
      return reply({ tone: "error", text: "Le enviamos un enlace hace menos de un minuto. Espere un poco antes de pedir otro." }, 429);
    case "not-needed":
      return reply({ tone: "ok", text: "Su dirección ya está confirmada." });
  }
}

const isAdminPath = (path: string) => /^\/admin(?:[/?#]|$)/.test(path);

/**
 * Whether /login should show the account page (which says a link was sent) instead of going on
 * to `redirectTo`: a listed address not proved yet would only meet /admin's ordinary 404.
 */
export function staysOnAccountPage(account: { email: string; emailVerified?: boolean | null }, redirectTo: string | null): boolean {
  return Boolean(redirectTo && isAdminPath(redirectTo) && isListedAdmin(account.email) && account.emailVerified !== true);
}

/** Where a password sign-in goes, from better-auth's answer (its `user`) and the page asked for. */
export function afterSignIn(body: Record<string, unknown> | null, redirectTo: string | null): string {
  const user = body?.user as { email?: unknown; emailVerified?: unknown } | undefined;
  const account = { email: typeof user?.email === "string" ? user.email : "", emailVerified: user?.emailVerified === true };
  return staysOnAccountPage(account, redirectTo) ? "/login" : (redirectTo ?? "/login");
}
