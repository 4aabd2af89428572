import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { EnrolmentReply } from "~/domain/accounts/second-factor";
import { PasskeyButton } from "./passkey-button";
import { PasswordField } from "./password-field";
import { ReauthenticateForm } from "./reauthenticate-form";
import { ScanStep } from "./second-factor-enrolment";

/*
 * "Seguridad" for administrators and technicians (issue 28; app/server/accounts/security-page.server.ts):
 * the passkeys (name, added, last used, "Quitar"), "Añadir una llave de acceso", and the
 * authenticator app with "Nuevos códigos de respaldo". Behind a fresh confirmation: the
 * password form, or a passkey.
 */

type PasskeyRow = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

export type SecurityData =
  | { fresh: false; hasPassword: boolean; hasPasskeys: boolean }
  | { fresh: true; hasPassword: boolean; email: string; passkeys: PasskeyRow[]; totp: boolean };

type Reply =
  | { reauthError?: string; error?: string; removed?: string; codes?: string[]; codesFile?: { href: string; name: string }; step?: undefined }
  | EnrolmentReply
  | undefined;

export function SecurityPage({ data, reply }: { data: SecurityData; reply: Reply }) {
  const busy = useNavigation().state === "submitting";
  // Adding the authenticator app: its QR code and first code, on this page.
  if (data.fresh && reply?.step === 2) return <ScanStep step={reply} busy={busy} />;
  return (
    <section className="admin-section security-page" aria-labelledby="security-title">
      <h1 id="security-title">Seguridad</h1>
      {data.fresh ? <Factors data={data} reply={reply?.step === 2 ? undefined : reply} /> : <Confirm data={data} error={reply && "reauthError" in reply ? (reply.reauthError ?? null) : null} />}
    </section>
  );
}

function Confirm({ data, error }: { data: Extract<SecurityData, { fresh: false }>; error: string | null }) {
  return (
    <>
      {data.hasPasskeys ? (
        <div className="account-form">
          <h2>Confirme que es usted</h2>
          <p>Con la llave de acceso de su móvil (su huella o su cara), o con su contraseña.</p>
          <PasskeyButton mode="assert">Confirmar con mi llave de acceso</PasskeyButton>
        </div>
      ) : null}
      <ReauthenticateForm hasPassword={data.hasPassword} error={error} />
    </>
  );
}

function Factors({ data, reply }: { data: Extract<SecurityData, { fresh: true }>; reply: Exclude<Reply, { step: 2 }> }) {
  const busy = useNavigation().state === "submitting";
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <>
      {reply && "error" in reply && reply.error ? (
        <p className="form-error" role="alert">
          {reply.error}
        </p>
      ) : null}
      {reply && "removed" in reply && reply.removed ? (
        <p className="form-ok" role="status">
          Se ha quitado la llave de acceso «{reply.removed}».
        </p>
      ) : null}

      <h2>Llaves de acceso</h2>
      {data.passkeys.length > 0 ? (
        <ul className="security-list">
          {data.passkeys.map((key) => (
            <li key={key.id} className="security-item">
              <div>
                <strong>{key.name}</strong>
                <span className="security-meta">Añadida el {key.createdAt}</span>
                <span className="security-meta">{key.lastUsedAt ? `Último uso: ${key.lastUsedAt}` : "Sin usar todavía"}</span>
              </div>
              <Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(`¿Quitar la llave de acceso «${key.name}»? Ya no podrá entrar con ella.`)) event.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="quitar-llave" />
                <input type="hidden" name="id" value={key.id} />
                <button type="submit" className="button button-secondary" disabled={busy} aria-label={`Quitar la llave de acceso ${key.name}`}>
                  Quitar
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>Todavía no tiene ninguna llave de acceso.</p>
      )}
      <div className="account-form">
        <div className="field">
          <label htmlFor="security-key-name">Nombre de la nueva llave (opcional)</label>
          <input id="security-key-name" ref={nameRef} maxLength={60} placeholder="Móvil de trabajo" autoComplete="off" />
        </div>
        <PasskeyButton mode="register" name={() => nameRef.current?.value}>
          Añadir una llave de acceso
        </PasskeyButton>
      </div>

      <h2>Aplicación de autenticación</h2>
      {data.totp ? (
        <>
          <p>Configurada. Si ha usado o perdido sus códigos de respaldo, pida otros: los anteriores dejan de valer.</p>
          {reply && "codes" in reply && reply.codes && reply.codesFile ? (
            <div className="account-form" role="status">
              <p>Sus nuevos códigos de respaldo. Guárdelos ahora: no se volverán a mostrar.</p>
              <ul className="admin-codes" aria-label="Códigos de respaldo">
                {reply.codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
              <a className="button button-secondary" href={reply.codesFile.href} download={reply.codesFile.name}>
                Descargar los códigos (.txt)
              </a>
            </div>
          ) : (
            <Form method="post" className="account-form">
              <input type="hidden" name="intent" value="nuevos-codigos" />
              {data.hasPassword ? <PasswordField id="security-codes-password" name="password" label="Contraseña" autoComplete="current-password" /> : null}
              <button type="submit" className="button button-secondary" disabled={busy}>
                Nuevos códigos de respaldo
              </button>
            </Form>
          )}
        </>
      ) : (
        <Form method="post" className="account-form">
          <p>No configurada. Añádala para poder entrar también con un código (y tener códigos de respaldo) si pierde el móvil.</p>
          <input type="hidden" name="intent" value="start" />
          {data.hasPassword ? <PasswordField id="security-app-password" name="password" label="Contraseña" autoComplete="current-password" /> : null}
          {reply?.step === 1 ? (
            <p className="form-error" role="alert">
              {reply.error}
            </p>
          ) : null}
          <button type="submit" className="button button-secondary" disabled={busy}>
            Configurar la aplicación de autenticación
          </button>
        </Form>
      )}
    </>
  );
}
