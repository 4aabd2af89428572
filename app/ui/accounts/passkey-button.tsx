import { useState } from "react";
import { PASSKEY_MESSAGES } from "~/domain/accounts/passkeys";
import { useHydrated } from "../use-hydrated";

/*
 * One button for every passkey ceremony (issue 28): "register" adds a passkey, "assert" signs in,
 * gives the second factor or confirms who one is (the server decides from the session; see
 * app/routes/accounts/passkey-api.ts). @simplewebauthn/browser is imported on the click, never with the
 * page: the shop's first-load JavaScript budget stays as it was.
 */

export type PasskeyDone = { redirectTo?: string | null };

type Props = {
  mode: "register" | "assert";
  children: React.ReactNode;
  className?: string;
  /** The password typed beside it (first enrolment), read at the click. */
  password?: () => string | undefined;
  /** The name given to a new passkey, read at the click. */
  name?: () => string | undefined;
  /** What happens after the server accepted it (default: go where the server says, or reload). */
  onDone?: (answer: PasskeyDone) => void;
};

type Reply = { ok: boolean; message?: string; options?: unknown; redirectTo?: string | null };

async function post(step: string, body: unknown): Promise<Reply> {
  const response = await fetch(`/cuenta/llaves/${step}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  try {
    return (await response.json()) as Reply;
  } catch {
    return { ok: false, message: PASSKEY_MESSAGES.refused };
  }
}

function goTo(answer: PasskeyDone) {
  // A full load: the new session cookie and every loader's data come with it.
  if (answer.redirectTo) window.location.assign(answer.redirectTo);
  else window.location.reload();
}

export function PasskeyButton({ mode, children, className = "button", password, name, onDone = goTo }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const webauthn = await import("@simplewebauthn/browser");
      if (!webauthn.browserSupportsWebAuthn()) return setError(PASSKEY_MESSAGES.unsupported);
      const register = mode === "register";
      const started = await post(register ? "registro-opciones" : "entrada-opciones", register ? { password: password?.() } : {});
      if (!started.ok || !started.options) return setError(started.message ?? PASSKEY_MESSAGES.refused);
      let response: unknown;
      try {
        response = register
          ? await webauthn.startRegistration({ optionsJSON: started.options as never })
          : await webauthn.startAuthentication({ optionsJSON: started.options as never });
      } catch (error) {
        // Cancelled, timed out, or the authenticator said no: nothing was sent.
        const name = (error as { name?: string }).name;
        if (name === "SecurityError") return setError(PASSKEY_MESSAGES.wrongAddress);
        if (name === "InvalidStateError" && register) return setError(PASSKEY_MESSAGES.duplicate);
        return setError(PASSKEY_MESSAGES.cancelled);
      }
      const finished = await post(register ? "registro" : "entrada", register ? { response, name: name?.() ?? "" } : { response });
      if (!finished.ok) return setError(finished.message ?? PASSKEY_MESSAGES.refused);
      onDone({ redirectTo: finished.redirectTo ?? null });
    } catch {
      setError(PASSKEY_MESSAGES.refused);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-action">
      <button type="button" className={className} disabled={!hydrated || busy} onClick={() => void run()}>
        {busy ? "Un momento…" : children}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
