import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { SECOND_FACTOR_MESSAGES, totpCodeSchema, totpKeyOf } from "~/domain/second-factor";
import { adminState, notFound } from "~/server/accounts/admin-access.server";
import { finishEnrolment, hasPassword, qrSvg, startEnrolment } from "~/server/accounts/second-factor.server";
import { cookieHeaders } from "~/server/auth-forms.server";
import { readForm } from "~/server/request-body.server";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/second-factor";

/**
 * First entry to /admin (issue 11): the administrator enrols an authenticator app. Step 1
 * confirms the password (when the account has one) and creates the key; step 2 shows the QR
 * code, the key as text and the one-time backup codes, and takes the first code from the app.
 */
async function enrollingAdmin(request: Request) {
  const state = await adminState(request);
  if (state.kind === "none") return notFound();
  if (state.kind !== "enrol") throw redirect("/admin");
  return state.admin;
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await enrollingAdmin(request);
  return { needsPassword: await hasPassword(admin.id) };
}

export const meta: Route.MetaFunction = () => adminMeta("Segundo factor");

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), password: z.string().max(200).optional() }),
  z.object({ intent: z.literal("verify"), code: z.string().max(20), uri: z.string().max(500), codes: z.string().max(400) }),
]);

type Step2 = { step: 2; uri: string; key: string; qrSvg: string; backupCodes: string[]; error: string | null };
type Step1 = { step: 1; error: string };

export async function action({ request }: Route.ActionArgs) {
  const admin = await enrollingAdmin(request);
  const parsed = formSchema.safeParse(Object.fromEntries(await readForm(request, { maxBytes: 8_000 })));
  if (!parsed.success) return data<Step1>({ step: 1, error: SECOND_FACTOR_MESSAGES.unexpected }, { status: 400 });
  const form = parsed.data;
  if (form.intent === "start") {
    const started = await startEnrolment(request, form.password || undefined);
    if (!started.ok) return data<Step1>({ step: 1, error: started.message }, { status: started.status });
    const { totpURI, backupCodes, qrSvg: svg } = started.enrolment;
    return data<Step2>({ step: 2, uri: totpURI, key: totpKeyOf(totpURI) ?? "", qrSvg: svg, backupCodes, error: null });
  }
  // The key and codes come back only to be shown again next to the error; nothing is trusted from them.
  const again = async (error: string, status: number) =>
    data<Step2>(
      { step: 2, uri: form.uri, key: totpKeyOf(form.uri) ?? "", qrSvg: await qrSvg(form.uri), backupCodes: form.codes.split(" ").filter(Boolean), error },
      { status },
    );
  const code = totpCodeSchema.safeParse(form.code);
  if (!code.success) return again(SECOND_FACTOR_MESSAGES.code, 400);
  const finished = await finishEnrolment(request, admin, code.data);
  if (!finished.ok) return again(finished.message, finished.status);
  throw redirect("/admin", { headers: cookieHeaders(finished.cookies) });
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.step === 2) return <ScanStep step={actionData} busy={busy} />;
  return (
    <section className="admin-section admin-form" aria-labelledby="sf-title">
      <h1 id="sf-title">Active el segundo factor</h1>
      <p>
        Para entrar en la administración necesita, además de su contraseña, un código de una aplicación de
        autenticación en su móvil (Google Authenticator, Microsoft Authenticator, FreeOTP u otra).
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="start" />
        {loaderData.needsPassword ? (
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

function ScanStep({ step, busy }: { step: Step2; busy: boolean }) {
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
