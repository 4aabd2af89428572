import { readForm } from "~/server/http/request-body.server";
import { useId } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { authErrorMessage, MESSAGES, PASSWORD_COMMON } from "~/domain/accounts/auth-messages";
import { loginHref } from "~/domain/accounts/login-form";
import { resetFormSchema } from "~/domain/accounts/login-form-schema";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { callAuth } from "~/server/accounts/auth-forms.server";
import { Notice } from "~/ui/notice";
import { NewPasswordFields } from "~/ui/accounts/new-password-fields";
import type { Route } from "./+types/reset-password";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /login/restablecer?token=...: the page the reset e-mail leads to (through better-auth's
 * /api/auth/reset-password/:token, which checks the token and sends it here, or sends
 * ?error=INVALID_TOKEN when it is unknown, used or expired). The link works once, for 1 hour.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const token = url.searchParams.get("token");
  return { token: url.searchParams.get("error") ? null : token || null };
}

type Reply = { done: true } | { done: false; message: string; field?: "password" | "confirm" };

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = resetFormSchema.safeParse({
    token: typeof form.token === "string" ? form.token : "",
    password: typeof form.password === "string" ? form.password : "",
    confirm: typeof form.confirm === "string" ? form.confirm : "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "confirm" ? "confirm" : issue?.path[0] === "password" ? "password" : undefined;
    return data<Reply>({ done: false, message: issue?.message ?? MESSAGES.unexpected, field }, { status: 400 });
  }
  const answer = await callAuth(request, "/reset-password", { token: parsed.data.token, newPassword: parsed.data.password });
  if (answer.ok) return data<Reply>({ done: true });
  // A common password (issue 28, refused inside better-auth): the field to change is the password.
  const field = answer.code === PASSWORD_COMMON ? "password" : undefined;
  return data<Reply>({ done: false, message: authErrorMessage("reset", answer.status, answer.code), field }, { status: answer.status });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return [
    ...pageMeta({
      title: `Nueva contraseña | ${shop.name}`,
      description: "Elija una contraseña nueva para su cuenta.",
      baseUrl: shop.baseUrl,
      path: "/login/restablecer",
      noindex: true,
    }),
    // same-origin: the token never leaves the shop as a Referer, and a form posted before the
    // page's JavaScript has loaded still carries our Origin (under no-referrer Chrome sends
    // "Origin: null", which the foreign-origin check refuses with 403).
    { name: "referrer", content: "same-origin" },
  ];
};

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const answer = actionData as Reply | undefined;

  if (answer?.done) {
    return (
      <div className="container login-page">
        <div className="login-card">
          <h1 className="login-title">Contraseña cambiada</h1>
          <Notice notice={{ tone: "ok", text: MESSAGES.passwordChanged }} />
          <p>
            <Link to="/login" className="button button-accent">
              Iniciar sesión
            </Link>
          </p>
        </div>
      </div>
    );
  }

  if (!loaderData.token) {
    return (
      <div className="container login-page">
        <div className="login-card">
          <h1 className="login-title">Enlace no válido</h1>
          <Notice notice={{ tone: "error", text: MESSAGES.badToken }} />
          <p>
            <Link to={loginHref("forget")} className="button button-accent">
              Pedir un enlace nuevo
            </Link>
          </p>
        </div>
      </div>
    );
  }

  const failed = answer && !answer.done ? answer : null;
  return (
    <div className="container login-page">
      <div className="login-card">
        <h1 className="login-title">Elija una contraseña nueva</h1>
        <Form method="post" className="login-form">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields id={id} label="Contraseña nueva" confirmLabel="Repita la contraseña nueva" invalidField={failed?.field} />
          <Notice notice={failed ? { tone: "error", text: failed.message } : null} />
          {failed && !failed.field && failed.message === MESSAGES.badToken ? (
            <p>
              <Link to={loginHref("forget")}>Pedir un enlace nuevo</Link>
            </p>
          ) : null}
          <button type="submit" className="button button-accent login-submit" disabled={busy}>
            {busy ? "Un momento…" : "Guardar la contraseña"}
          </button>
        </Form>
      </div>
    </div>
  );
}
