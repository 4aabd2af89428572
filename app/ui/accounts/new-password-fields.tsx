import { HINTS } from "~/domain/accounts/login-form";
import { PasswordField } from "./password-field";

type Props = { id: string; label: string; confirmLabel: string; invalidField?: string | null };

/** A new password typed twice, with the rule under it: the reset page and the technician's invitation. */
export function NewPasswordFields({ id, label, confirmLabel, invalidField }: Props) {
  return (
    <>
      <PasswordField id={`${id}-password`} name="password" label={label} autoComplete="new-password" describedBy={`${id}-hint`} invalid={invalidField === "password"} />
      <p className="login-hint field-help" id={`${id}-hint`}>
        {HINTS.register}
      </p>
      <PasswordField id={`${id}-confirm`} name="confirm" label={confirmLabel} autoComplete="new-password" invalid={invalidField === "confirm"} />
    </>
  );
}
