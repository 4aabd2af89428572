import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { EnrolmentReply, EnrolmentScan } from "~/domain/second-factor";

/*
 * Enrolling an authenticator app (issue 11 for administrators, issue 17 for technicians): step 1
 * confirms the password (when the account has one) and creates the key; step 2 shows the QR
 * code, the key as text and the one-time backup codes, and takes the first code from the app.
 * The action is app/server/accounts/enrolment-action.server.ts.
 */


export function SecondFactorEnrolment({ needsPassword, actionData, intro }: { needsPassword: boolean; actionData: EnrolmentReply | undefined; intro: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.step === 2) return <ScanStep step={actionData} busy={busy} />;
  return (
    <section className="admin-section admin-form" aria-labelledby="sf-title">
      <h1 id="sf-title">Active el segundo factor</h1>
      <p>{intro}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="start" />
        {needsPassword ? (
          <div className="field">
            <label htmlFor="sf-password">Confirme su contraseña</label>
            <input id="sf-password" name="password" type="password" autoComplete="current-password" required />
          </div>
        ) : null}
        {actionData?.step === 1 ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          Empezar
        </button>
      </Form>
    </section>
  );
}

function ScanStep({ step, busy }: { step: EnrolmentScan; busy: boolean }) {
  return (
    <section className="admin-section admin-form" aria-labelledby="sf-title">
      <h1 id="sf-title">Añada la cuenta a su aplicación</h1>
      <ol>
        <li>
          <p>Escanee este código QR con la aplicación de autenticación:</p>
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
