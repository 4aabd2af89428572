/**
 * A back-office form's answer under it (each form shows only its own): what was done, as a
 * status, or what went wrong, as an alert. The caller decides whether the answer is this form's.
 */
export function FormReply({ reply }: { reply: { ok: true; message: string } | { ok: false; error: string } | null | undefined }) {
  if (!reply) return null;
  return reply.ok ? (
    <p role="status" className="admin-reply">
      {reply.message}
    </p>
  ) : (
    <p role="alert" className="field-error">
      {reply.error}
    </p>
  );
}
