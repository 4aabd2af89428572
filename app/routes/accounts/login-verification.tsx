import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { reverifyMessage } from "~/domain/accounts/auth-messages";
import { safeRedirectPath } from "~/domain/accounts/safe-redirect";
import { backupCodeSchema, SECOND_FACTOR_MESSAGES, totpCodeSchema } from "~/domain/accounts/second-factor";
import { staffHomeOfCookies, staffState } from "~/server/accounts/admin-access.server";
import { STAFF_HOME } from "~/server/accounts/staff-roles.server";
import { secondFactorChoices } from "~/server/accounts/passkey-flows.server";
import { verifySecondFactor } from "~/server/accounts/second-factor.server";
import { staffSessionSettings } from "~/server/accounts/staff-sessions.server";
import { cookieHeaders } from "~/server/accounts/auth-forms.server";
import { readForm } from "~/server/http/request-body.server";
import { PasskeyButton } from "~/ui/accounts/passkey-button";
import type { Route } from "./+types/login-verification";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * The second step of signing in for an account with an authenticator app (issue 11), and the
 * code an administrator signed in by Google gives before /admin opens. Without a pending
 * sign-in or such a session there is nothing to verify: back to /login.
 */
const PENDING_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/;

async function situation(request: Request) {
  // Administrators and technicians (issue 17) alike; each lands on their own pages by default.
  const state = await staffState(request);
  if (state.kind === "ok") return { kind: "done" as const, home: STAFF_HOME[state.staff.role] };
  if (state.kind === "verify") return { kind: "step-up" as const, userId: state.staff.id, reason: state.reason };
  // Not enrolled yet: a code here would finish an enrolment better-auth holds for the session,
  // skipping the enrolment page (its audit line, the end of the other sessions). Its own page does it.
  if (state.kind === "enrol") return { kind: "done" as const, home: STAFF_HOME[state.staff.role] };
  if (PENDING_COOKIE.test(request.headers.get("cookie") ?? "")) return { kind: "sign-in" as const, userId: null };
  return { kind: "nothing" as const };
}

function target(request: Request, posted?: string, home = STAFF_HOME.admin): string {
  const asked = posted ?? pageUrl(request).searchParams.get("redirectTo") ?? "";
  const path = safeRedirectPath(asked, home);
  return path.startsWith("/login") ? home : path;
}

export async function loader({ request }: Route.LoaderArgs) {
  const now = await situation(request);
  if (now.kind === "done") throw redirect(target(request, undefined, now.home));
  if (now.kind === "nothing") throw redirect("/login");
  // Empty when none was asked: the account's own start page is known only after the code.
  const redirectTo = pageUrl(request).searchParams.get("redirectTo") ? target(request) : "";
  // A session whose factor lapsed (12 hours, or 2 without use: issue 28) is told why it is asked again.
  const lapsed = now.kind === "step-up" && (now.reason === "age" || now.reason === "idle") ? now.reason : null;
  // Passkeys as the other way to give the factor (issue 28).
  const choices = await secondFactorChoices(request, now.userId);
  return { redirectTo, notice: lapsed ? reverifyMessage(lapsed, staffSessionSettings()) : null, choices };
}

export const meta: Route.MetaFunction = () => [
  { title: "Código de verificación | Iniciar sesión" },
  { name: "robots", content: "noindex" },
];

const formSchema = z.object({
  intent: z.enum(["totp", "backup"]),
  code: z.string().max(40),
  redirectTo: z.string().max(1000).default(""),
});

type Reply = { error: string; backup: boolean };

export async function action({ request }: Route.ActionArgs) {
  // The body first, like every action: a broken or oversized one is refused (4xx) whoever sends it.
  const fields = Object.fromEntries(await readForm(request, { maxBytes: 4_000 }));
  const now = await situation(request);
  if (now.kind === "done") throw redirect(target(request, undefined, now.home));
  if (now.kind === "nothing") throw redirect("/login");
  const parsed = formSchema.safeParse(fields);
  if (!parsed.success) return data<Reply>({ error: SECOND_FACTOR_MESSAGES.unexpected, backup: false }, { status: 400 });
  const backup = parsed.data.intent === "backup";
  const code = (backup ? backupCodeSchema : totpCodeSchema).safeParse(parsed.data.code);
  if (!code.success) {
    const message = backup ? SECOND_FACTOR_MESSAGES.backupCode : SECOND_FACTOR_MESSAGES.code;
    return data<Reply>({ error: message, backup }, { status: 400 });
  }
  const outcome = await verifySecondFactor(request, { code: code.data, backup, userId: now.userId });
  if (!outcome.ok) return data<Reply>({ error: outcome.message, backup }, { status: outcome.status });
  throw redirect(target(request, parsed.data.redirectTo, await staffHomeOfCookies(outcome.cookies)), { headers: cookieHeaders(outcome.cookies) });
}

export default function LoginVerification({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error ?? null;
  return (
    <div className="container account-page">
      <h1 className="page-title">Código de verificación</h1>
      {loaderData.notice ? (
        <p className="login-hint" role="status">
          {loaderData.notice}
        </p>
      ) : null}
      {loaderData.choices.passkey ? (
        <div className="account-form">
          <PasskeyButton mode="assert" onDone={(answer) => window.location.assign(loaderData.redirectTo || answer.redirectTo || "/login")}>
            Usar mi llave de acceso
          </PasskeyButton>
          {loaderData.choices.totp ? <p className="login-hint">O escriba el código de su aplicación de autenticación:</p> : null}
        </div>
      ) : null}
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="totp" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="field">
          <label htmlFor="lv-code">Código de 6 números de su aplicación de autenticación</label>
          <input
            id="lv-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            aria-invalid={error && !actionData?.backup ? true : undefined}
            aria-describedby={error && !actionData?.backup ? "lv-error" : undefined}
          />
        </div>
        {error && !actionData?.backup ? (
          <p className="form-error" role="alert" id="lv-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          Verificar
        </button>
      </Form>
      <details className="account-form" open={actionData?.backup}>
        <summary>¿No tiene el móvil? Use un código de respaldo</summary>
        <Form method="post">
          <input type="hidden" name="intent" value="backup" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <div className="field">
            <label htmlFor="lv-backup">Código de respaldo</label>
            <input
              id="lv-backup"
              name="code"
              autoComplete="off"
              maxLength={12}
              required
              aria-invalid={error && actionData?.backup ? true : undefined}
              aria-describedby={error && actionData?.backup ? "lv-backup-error" : undefined}
            />
          </div>
          {error && actionData?.backup ? (
            <p className="form-error" role="alert" id="lv-backup-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-secondary" disabled={busy}>
            Usar el código de respaldo
          </button>
        </Form>
      </details>
      <p>
        <Link to="/login">Volver a iniciar sesión</Link>
      </p>
    </div>
  );
}
