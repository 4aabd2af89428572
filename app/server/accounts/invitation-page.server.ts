import { data, redirect } from "react-router";
import type { InvitationStep } from "~/domain/accounts/invitations";
import { MESSAGES } from "~/domain/accounts/auth-messages";
import { resetFormSchema } from "~/domain/accounts/login-form-schema";
import { getAuth } from "../auth.server";
import { callAuth, cookieHeaders } from "./auth-forms.server";
import { getDb } from "../db/db.server";
import { readForm } from "../http/request-body.server";
import { getSessionUser } from "../session.server";
import { acceptAsAccount, acceptAsNewAccount, openInvitation, type Acceptance } from "./invitations.server";
import { passwordProblem } from "./password-check.server";

/*
 * The page of a technician's invitation, /invitacion/<token> (issue 28): what it shows and
 * what its two forms do. An unknown link is the 404 page; an expired, used or revoked one 410.
 */

const GONE = { status: 410 } as const;

export async function invitationStep(request: Request, token: string): Promise<InvitationStep> {
  const opened = await openInvitation(await getDb(), token);
  if (opened.status === "unknown") throw data(null, { status: 404 });
  if (opened.status === "gone") throw data(null, GONE);
  const user = await getSessionUser(request);
  if (user?.email.toLowerCase() === opened.email) return { kind: "accept", email: opened.email, name: opened.name };
  if (opened.accountExists || user) return { kind: "sign-in", email: opened.email, signedInAs: user?.email ?? null };
  return { kind: "new", email: opened.email, name: opened.name };
}

export type InvitationReply = { error: string; field?: "password" | "confirm" };

const refusal = (error: string, status: number, field?: InvitationReply["field"]) => data<InvitationReply>({ error, field }, { status });

const REFUSALS: Record<Exclude<Acceptance, { ok: true }>["reason"], { error: string; status: number }> = {
  gone: { error: "Esta invitación ya se ha usado o ha caducado.", status: 410 },
  "account-exists": { error: "Ya existe una cuenta con este email: inicie sesión con ella y vuelva a abrir el enlace para aceptar.", status: 409 },
  "other-account": { error: "Ha iniciado sesión con otra cuenta: cierre la sesión y entre con la del email invitado.", status: 403 },
  disabled: { error: "Su cuenta está deshabilitada: hable con el responsable de la tienda.", status: 403 },
  admin: { error: "Su cuenta es de administrador: no puede ser también técnico.", status: 409 },
};

export async function invitationAction(request: Request, token: string) {
  const form = await readForm(request);
  const db = await getDb();
  if (form.get("intent") === "accept") {
    const user = await getSessionUser(request);
    if (!user) return refusal("Inicie sesión para aceptar la invitación.", 401);
    const accepted = await acceptAsAccount(db, token, user);
    if (!accepted.ok) return refusal(REFUSALS[accepted.reason].error, REFUSALS[accepted.reason].status);
    // /tecnico sends them on to enrol the second factor, or to type its code.
    throw redirect("/tecnico");
  }

  const opened = await openInvitation(db, token);
  if (opened.status !== "ok") return refusal(REFUSALS.gone.error, opened.status === "unknown" ? 404 : 410);
  if (opened.accountExists) return refusal(REFUSALS["account-exists"].error, 409);
  const parsed = resetFormSchema.safeParse({ token, password: form.get("password") ?? "", confirm: form.get("confirm") ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refusal(issue?.message ?? MESSAGES.unexpected, 400, issue?.path[0] === "confirm" ? "confirm" : "password");
  }
  const problem = await passwordProblem(parsed.data.password, opened.email);
  if (problem) return refusal(problem, 400, "password");
  const context = await (await getAuth()).$context;
  const hash = await context.password.hash(parsed.data.password);
  const accepted = await acceptAsNewAccount(db, token, hash);
  if (!accepted.ok) return refusal(REFUSALS[accepted.reason].error, REFUSALS[accepted.reason].status);
  // Signed in through better-auth itself (its limits and hooks), then straight to the second factor.
  const signedIn = await callAuth(request, "/sign-in/email", { email: accepted.email, password: parsed.data.password, rememberMe: true });
  if (!signedIn.ok) throw redirect("/login?redirectTo=%2Ftecnico");
  throw redirect("/tecnico/segundo-factor", { headers: cookieHeaders(signedIn.cookies) });
}
