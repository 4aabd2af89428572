import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { SECOND_FACTOR_MESSAGES, totpCodeSchema, totpKeyOf } from "~/domain/second-factor";
import { notFound, staffState } from "~/server/accounts/admin-access.server";
import { finishEnrolment, hasPassword, qrSvg, startEnrolment } from "~/server/accounts/second-factor.server";
import { cookieHeaders } from "~/server/auth-forms.server";
import { readForm } from "~/server/request-body.server";
import type { Route } from "./+types/technician-second-factor";

/**
 * A technician's first entry (issue 17): the same enrolment of an authenticator app as the
 * administrators' (/admin/segundo-factor, app/server/accounts/second-factor.server.ts), on
 * their own pages, since no /admin page opens for them.
 */
async function enrollingTechnician(request: Request) {
  const state = await staffState(request);
  if (state.kind === "none" || state.staff.role !== "tecnico") return notFound();
  if (state.kind !== "enrol") throw redirect("/tecnico");
  return state.staff;
}

export async function loader({ request }: Route.LoaderArgs) {
  const me = await enrollingTechnician(request);
  return { needsPassword: await hasPassword(me.id) };
}

export const meta: Route.MetaFunction = () => [{ title: "Segundo factor | Área del técnico" }, { name: "robots", content: "noindex, nofollow" }];

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), password: z.string().max(200).optional() }),
  z.object({ intent: z.literal("verify"), code: z.string().max(20), uri: z.string().max(500), codes: z.string().max(400) }),
]);

type Step2 = { step: 2; uri: string; key: string; qrSvg: string; backupCodes: string[]; error: string | null };
type Step1 = { step: 1; error: string };

export async function action({ request }: Route.ActionArgs) {
  const me = await enrollingTechnician(request);
  const parsed = formSchema.safeParse(Object.fromEntries(await readForm(request, { maxBytes: 8_000 })));
  if (!parsed.success) return data<Step1>({ step: 1, error: SECOND_FACTOR_MESSAGES.unexpected }, { status: 400 });
  const form = parsed.data;
  if (form.intent === "start") {
    const started = await startEnrolment(request, form.password || undefined);
    if (!started.ok) return data<Step1>({ step: 1, error: started.message }, { status: started.status });
    const { totpURI, backupCodes, qrSvg: svg } = started.enrolment;
    return data<Step2>({ step: 2, uri: totpURI, key: totpKeyOf(totpURI) ?? "", qrSvg: svg, backupCodes, error: null });
  }
  const again = async (error: string, status: number) =>
    data<Step2>(
      { step: 2, uri: form.uri, key: totpKeyOf(form.uri) ?? "", qrSvg: await qrSvg(form.uri), backupCodes: form.codes.split(" ").filter(Boolean), error },
      { status },
    );
  const code = totpCodeSchema.safeParse(form.code);
  if (!code.success) return again(SECOND_FACTOR_MESSAGES.code, 400);
  const finished = await finishEnrolment(request, me, code.data);
  if (!finished.ok) return again(finished.message, finished.status);
  throw redirect("/tecnico", { headers: cookieHeaders(finished.cookies) });
}

export default function TechnicianSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.step === 2) {
    const step = actionData;
    return (
      <section className="admin-section admin-form" aria-labelledby="sf-title">
        <h1 id="sf-title">Añada la cuenta a su aplicación</h1>
        <p>Escanee este código QR con la aplicación de autenticación:</p>
        <div className="admin-qr" role="img" aria-label="Código QR de la cuenta para la aplicación de autenticación" dangerouslySetInnerHTML={{ __html: step.qrSvg }} />
        <p>
          O escriba a mano esta clave: <code className="admin-key" data-testid="totp-key">{step.key}</code>
        </p>
        <p>Guarde estos códigos de respaldo. Cada uno sirve una sola vez, si pierde el móvil:</p>
        <ul className="admin-codes" aria-label="Códigos de respaldo">
          {step.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
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
      </section>
    );
  }
  return (
    <section className="admin-section admin-form" aria-labelledby="sf-title">
      <h1 id="sf-title">Active el segundo factor</h1>
      <p>Para ver sus trabajos necesita, además de su contraseña, un código de una aplicación de autenticación en su móvil.</p>
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
