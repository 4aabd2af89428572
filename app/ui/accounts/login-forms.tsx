import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AuthNotice } from "~/domain/accounts/auth-messages";
import { Notice } from "../notice";
import { HINTS, loginHref, MODE_TEXTS, type LoginMode } from "~/domain/accounts/login-form";
import { PasskeyButton } from "./passkey-button";
import { PasswordField } from "./password-field";

type Props = {
  mode: LoginMode;
  googleEnabled: boolean;
  redirectTo: string | null;
  notice: AuthNotice | null;
  /** The e-mail to show again after an answer (never the password). */
  email: string;
};

/**
 * /login for visitors (spec sections 2 and 4): the Google button when Google is configured,
 * and one e-mail form in three modes. Plain forms posting to the route's action: they work
 * without JavaScript; with it React Router submits them without a page reload.
 */
export function SignedOutPanel({ mode, googleEnabled, redirectTo, notice, email }: Props) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const texts = MODE_TEXTS[mode];
  const noticeId = `${id}-notice`;
  const hintId = `${id}-hint`;
  const intent = mode === "init" ? "signin" : mode;

  return (
    <div className="login-card">
      <h1 className="login-title">{texts.title}</h1>
      {redirectTo && mode !== "forget" ? (
        <p className="login-hint">Inicie sesión o cree una cuenta para continuar; después volverá a la página en la que estaba.</p>
      ) : null}
      {mode === "forget" ? (
        <p className="login-hint" id={hintId}>
          {HINTS.forget}
        </p>
      ) : null}

      {googleEnabled && mode !== "forget" ? (
        <>
          <Form method="post" className="login-google">
            <input type="hidden" name="intent" value="google" />
            <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
            <button type="submit" className="button button-google" disabled={busy}>
              <GoogleMark />
              <span>{mode === "register" ? "Registrarse con Google" : "Iniciar sesión con Google"}</span>
            </button>
          </Form>
          <p className="login-divider">
            <span>o con su email</span>
          </p>
        </>
      ) : null}

      {/* key: a new mode starts with an empty form (no password carried across modes). */}
      {/* noValidate: the spec's own messages ("Email no valido.") answer, not the browser's bubbles. */}
      <Form method="post" className="login-form" key={mode} noValidate>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            defaultValue={email}
            aria-describedby={mode === "forget" ? hintId : undefined}
          />
        </div>
        {mode !== "forget" ? (
          <PasswordField
            id={`${id}-password`}
            name="password"
            label="Contraseña"
            autoComplete={mode === "register" ? "new-password" : "current-password"}
            describedBy={mode === "register" ? hintId : undefined}
          />
        ) : null}
        {mode === "register" ? (
          <p className="login-hint field-help" id={hintId}>
            {HINTS.register}
          </p>
        ) : null}

        <Notice notice={notice} id={noticeId} />

        <button type="submit" className="button button-accent login-submit" disabled={busy}>
          {busy ? "Un momento…" : texts.submit}
        </button>
      </Form>

      {/* Staff sign in with a passkey alone (issue 28): no e-mail, the phone's fingerprint or face. */}
      {mode === "init" ? (
        <PasskeyButton mode="assert" className="button button-secondary login-passkey" onDone={(answer) => window.location.assign(redirectTo ?? answer.redirectTo ?? "/login")}>
          Entrar con una llave de acceso
        </PasskeyButton>
      ) : null}

      <ul className="login-switch">
        {mode === "init" ? (
          <>
            <li>
              <Link to={loginHref("forget", redirectTo)}>{MODE_TEXTS.forget.switchLabel}</Link>
            </li>
            <li>
              <Link to={loginHref("register", redirectTo)}>{MODE_TEXTS.register.switchLabel}</Link>
            </li>
          </>
        ) : (
          <li>
            <Link to={loginHref("init", redirectTo)}>
              {mode === "forget" ? "Volver a iniciar sesión" : MODE_TEXTS.init.switchLabel}
            </Link>
          </li>
        )}
        {mode === "forget" ? (
          <li>
            <Link to={loginHref("register", redirectTo)}>{MODE_TEXTS.register.switchLabel}</Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** Google's "G", in its colours (decorative: the button's text names it). */
function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}
