import { useState } from "react";
import { passwordProgress } from "~/domain/accounts/password-rules";
import { useHydrated } from "../use-hydrated";

type Props = {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  describedBy?: string;
  invalid?: boolean;
};

/**
 * A password input with a show/hide button (spec section 2). The button's name says what it
 * does ("Mostrar contraseña" / "Ocultar contraseña"); it appears only when JavaScript runs,
 * since without it the button could do nothing. A new password also gets, with JavaScript, a
 * live count of the characters still missing (issue 28: 12 at least), read out politely.
 */
export function PasswordField({ id, name, label, autoComplete, describedBy, invalid }: Props) {
  const [visible, setVisible] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const hydrated = useHydrated();
  const counting = hydrated && autoComplete === "new-password";
  const progressId = `${id}-progress`;
  const described = [describedBy, counting ? progressId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          aria-describedby={described}
          aria-invalid={invalid || undefined}
          spellCheck={false}
          autoCapitalize="none"
          onInput={counting ? (event) => setTyped(event.currentTarget.value) : undefined}
        />
        {hydrated ? (
          <button
            type="button"
            className="password-toggle"
            aria-controls={id}
            aria-label={visible ? "Ocultar contraseña" : "Mostrar contraseña"}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon crossed={visible} />
            <span aria-hidden="true">{visible ? "Ocultar" : "Mostrar"}</span>
          </button>
        ) : null}
      </div>
      {counting ? (
        <p className="field-help password-progress" id={progressId} aria-live="polite">
          {typed ? passwordProgress(typed) : ""}
        </p>
      ) : null}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
