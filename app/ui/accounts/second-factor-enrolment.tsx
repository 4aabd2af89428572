import { useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { EnrolmentReply, EnrolmentScan } from "~/domain/accounts/second-factor";
import { PasskeyButton } from "./passkey-button";

/*
 * The first second factor of a staff member (issue 11 for administrators, issue 17 for
 * technicians, passkeys from issue 28). The recommended choice is a passkey (the phone's
 * fingerprint or face, app/ui/accounts/passkey-button.tsx); the alternative is an authenticator app:
 * step 1 confirms the password (when the account has one) and creates the key; step 2 shows
 * the QR code, a link that opens the app on this phone, the key in groups of four and the
 * one-time backup codes (also as a .txt file), and takes the first code from the app.
 * The app's action is app/server/accounts/enrolment-action.server.ts.
 */


export function SecondFactorEnrolment({ needsPassword, actionData, intro }: { needsPassword: boolean; actionData: EnrolmentReply | undefined; intro: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  const passwordRef = useRef<HTMLInputElement>(null);
  if (actionData?.step === 2) return <ScanStep step={actionData} busy={busy} />;
  return (
    <section className="admin-section admin-form enrolment" aria-labelledby="sf-title">
      <h1 id="sf-title">Active el segundo factor</h1>
      <p>{intro}</p>
      {needsPassword ? (
        <div className="field">
          <label htmlFor="sf-password">Confirme su contraseña</label>
          {/* Belongs to the app's form below, and the passkey button reads it: typed once for either choice. */}
          <input id="sf-password" ref={passwordRef} name="password" type="password" autoComplete="current-password" required form="sf-app" />
        </div>
      ) : null}
      <div className="enrolment-choice enrolment-recommended">
        <h2>Recomendado: su huella o su cara</h2>
        <p>El móvil guarda una llave de acceso para esta cuenta. Para entrar bastará con poner el dedo o mirar la pantalla; no hay códigos que copiar.</p>
        <PasskeyButton mode="register" className="button button-accent" password={() => passwordRef.current?.value}>
          Usar la huella o la cara de este móvil (llave de acceso)
        </PasskeyButton>
      </div>
      <div className="enrolment-choice">
        <h2>O bien, una aplicación de autenticación</h2>
        <p>Google Authenticator, Microsoft Authenticator, FreeOTP u otra: le dará un código de 6 números cada vez que entre.</p>
        <Form method="post" id="sf-app">
          <input type="hidden" name="intent" value="start" />
          {actionData?.step === 1 ? (
            <p className="form-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="button button-secondary" disabled={busy}>
            Empezar
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Step 2 of the app: also shown by "Seguridad" when the app is added later (app/ui/accounts/security-page.tsx). */
export function ScanStep({ step, busy }: { step: EnrolmentScan; busy: boolean }) {
  return (
    <section className="admin-section admin-form" aria-labelledby="sf-title">
      <h1 id="sf-title">Añada la cuenta a su aplicación</h1>
      <ol>
        <li>
          <p>
            En este móvil:{" "}
            <a className="button button-secondary" href={step.uri}>
              Añadir a mi aplicación
            </a>
          </p>
          <p>En otro dispositivo, escanee este código QR con la aplicación de autenticación:</p>
          <div className="admin-qr" role="img" aria-label="Código QR de la cuenta para la aplicación de autenticación" dangerouslySetInnerHTML={{ __html: step.qrSvg }} />
          <p>
            O escriba a mano esta clave: <code className="admin-key" data-testid="totp-key">{step.key}</code>
          </p>
        </li>
        <li>
          <p>
            Guarde estos códigos de respaldo en un lugar seguro. Cada uno sirve una sola vez, si pierde el móvil:
          </p>
          <ul className="admin-codes" aria-label="Códigos de respaldo">
            {step.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <p>
            <a className="button button-secondary" href={step.codesFile.href} download={step.codesFile.name}>
              Descargar los códigos (.txt)
            </a>
          </p>
        </li>
        <li>
          <Form method="post">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="uri" value={step.uri} />
            <input type="hidden" name="codes" value={step.backupCodes.join(" ")} />
            <div className="field">
              <label htmlFor="sf-code">Escriba el código de 6 números que muestra la aplicación</label>
              <input
                id="sf-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
                aria-invalid={step.error ? true : undefined}
                aria-describedby={step.error ? "sf-error" : undefined}
              />
            </div>
            {step.error ? (
              <p className="form-error" role="alert" id="sf-error">
                {step.error}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={busy}>
              Activar y entrar
            </button>
          </Form>
        </li>
      </ol>
    </section>
  );
}
