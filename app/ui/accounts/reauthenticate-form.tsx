import { Form, useNavigation } from "react-router";
import { REAUTH_INTENT } from "~/domain/accounts/reauthenticate-form";
import { PasswordField } from "./password-field";

/**
 * The confirm-your-password form the factor management pages show when the session has not
 * proved its owner in the last 5 minutes (issue 28; app/server/accounts/fresh-authentication.server.ts).
 * It posts to the page's own action with intent "reautenticar"; the action hands it to
 * reauthenticationAction. A Google-only account has no password: it is told to sign in again.
 */

type Props = {
  /** The account has a password to type (otherwise: sign in again with Google). */
  hasPassword: boolean;
  error?: string | null;
};

export function ReauthenticateForm({ hasPassword, error }: Props) {
  const busy = useNavigation().state === "submitting";
  if (!hasPassword) {
    return (
      <section className="account-form" aria-labelledby="reauth-title">
        <h2 id="reauth-title">Por seguridad, confirme que es usted</h2>
        <p>
          Su cuenta entra con Google y no tiene contraseña. Cierre la sesión y vuelva a entrar con Google; durante los 5 minutos
          siguientes podrá hacer este cambio.
        </p>
      </section>
    );
  }
  return (
    <Form method="post" className="account-form" aria-labelledby="reauth-title">
      <h2 id="reauth-title">Por seguridad, confirme su contraseña</h2>
      <p>Para cambiar cómo protege su cuenta le pedimos la contraseña otra vez. Valdrá durante 5 minutos.</p>
      <input type="hidden" name="intent" value={REAUTH_INTENT} />
      <PasswordField
        id="reauth-password"
        name="password"
        label="Contraseña"
        autoComplete="current-password"
        invalid={Boolean(error)}
        describedBy={error ? "reauth-error" : undefined}
      />
      {error ? (
        <p className="form-error" role="alert" id="reauth-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        Confirmar
      </button>
    </Form>
  );
}
