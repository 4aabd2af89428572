import type { AuthNotice } from "~/domain/accounts/auth-messages";

/** A green or red line under a form (spec section 8); announced to screen readers. */
export function Notice({ notice, id }: { notice: AuthNotice | null; id?: string }) {
  if (!notice) return null;
  return notice.tone === "ok" ? (
    <p className="form-ok notice" role="status" id={id}>
      {notice.text}
    </p>
  ) : (
    <p className="form-error notice" role="alert" id={id}>
      {notice.text}
    </p>
  );
}
