import { data } from "react-router";
import { firstMessage } from "~/domain/fields/field-errors";
import { type QuoteIntent, type QuoteReply } from "~/domain/quotes/quote-inbox";
import { quoteNotesForm, quoteStateForm } from "~/domain/quotes/quote-forms";
import type { Admin } from "../accounts/admin-access.server";
import { getDb } from "../db/db.server";
import { retryDelivery } from "../outbox-retry.server";
import { readForm } from "../http/request-body.server";
import { isDeliveryOf } from "./quote-deliveries.server";
import { updateQuoteRequest } from "./quote-requests.server";

/*
 * The three forms of a quote request's page (issue 11): its state, its internal notes, and
 * "Reintentar" on a failed delivery. Each answers a Spanish message; bad input a 400.
 */

const fail = (intent: QuoteIntent | null, error: string, status = 400, outboxId?: number) =>
  data<QuoteReply>({ ok: false, intent, error, ...(outboxId ? { outboxId } : {}) }, { status });

const done = (intent: QuoteIntent, message: string, outboxId?: number) =>
  data<QuoteReply>({ ok: true, intent, message, ...(outboxId ? { outboxId } : {}) });

/** Notes are the longest field: 5,000 characters, up to 4 bytes each once encoded, and room for the rest. */
const MAX_BYTES = 64_000;

export async function quoteRequestAction(request: Request, admin: Admin, idParam: string | undefined) {
  const id = Number(idParam);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const form = await readForm(request, { maxBytes: MAX_BYTES });
  const db = await getDb();
  const actor = { email: admin.email };
  const intent = form.get("intent");

  if (intent === "state") {
    const parsed = quoteStateForm.safeParse({ state: form.get("state") });
    if (!parsed.success) return fail("state", firstMessage(parsed.error, "Elija un estado de la lista."));
    if (!(await updateQuoteRequest(db, actor, id, { state: parsed.data.state }))) throw data(null, { status: 404 });
    return done("state", "Estado guardado.");
  }

  if (intent === "notes") {
    const parsed = quoteNotesForm.safeParse({ internalNotes: form.get("internalNotes") ?? "" });
    if (!parsed.success) return fail("notes", firstMessage(parsed.error, "Revise las notas."));
    if (!(await updateQuoteRequest(db, actor, id, { internalNotes: parsed.data.internalNotes }))) throw data(null, { status: 404 });
    return done("notes", "Notas guardadas.");
  }

  if (intent === "retry") {
    const outboxId = Number(form.get("outboxId"));
    if (!Number.isSafeInteger(outboxId) || outboxId <= 0 || !(await isDeliveryOf(db, id, outboxId))) {
      return fail("retry", "Esta entrega no pertenece a esta solicitud.");
    }
    const result = await retryDelivery(db, actor, outboxId);
    if (!result.ok) {
      const message =
        result.reason === "not-failed"
          ? "Esta entrega ya no está fallida (puede que otra persona la haya reintentado): vea su estado abajo."
          : "Esta entrega ya no existe.";
      return fail("retry", message, 409, outboxId);
    }
    return done("retry", "Entrega puesta de nuevo en la cola: se enviará en unos segundos.", outboxId);
  }

  return fail(null, "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo.");
}
