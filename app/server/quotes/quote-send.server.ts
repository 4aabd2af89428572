import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { madridDay } from "~/domain/dates/madrid-dates";
import type { QuoteDocument } from "~/domain/quotes/quote-content";
import { sendProblems, type EditorErrors } from "~/domain/quotes/quote-editor-form";
import { quoteDocumentText } from "~/domain/quotes/quote-document-text";
import { validUntilOf } from "~/domain/quotes/quote-expiry";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { contactRequests, quotes, quoteVersions } from "./quotes-schema.server";
import { enqueueQuoteSentEmail } from "./quote-emails.server";
import { quoteSeller, type Quote } from "./quote-store.server";

/*
 * "Enviar al cliente" (issue 17): the draft is frozen as the next version (quote_versions,
 * never changed: a trigger), with its canonical text's SHA-256, its validity from today, and
 * the e-mail with the link and the PDF through the outbox, all in one transaction. A version
 * already accepted stays as it was: sending again makes a new version that needs its own
 * acceptance.
 */

export function documentSha256(document: QuoteDocument): string {
  return createHash("sha256").update(quoteDocumentText(document), "utf8").digest("hex");
}

export type SendResult = { ok: true; quote: Quote; version: number } | { ok: false; errors: EditorErrors; message: string };

/** The version that sending the draft now would make: what the preview shows and what is sent (issue 30). */
export function draftDocument(quote: Pick<Quote, "number" | "currentVersion" | "draft" | "customer" | "workPlace">, now: Date): QuoteDocument {
  const issuedOn = madridDay(now);
  return {
    ...quote.draft,
    number: quote.number,
    version: quote.currentVersion + 1,
    issuedOn,
    validUntil: validUntilOf(issuedOn, quote.draft.validityDays),
    seller: quoteSeller(),
    customer: quote.customer,
    workPlace: quote.workPlace,
  };
}

/**
 * Sends the draft as the next version. `previewed`: the draft's updatedAt the preview showed;
 * a draft changed since (another tab, another person) is not sent unseen.
 */
export async function sendQuote(db: Database, actor: { email: string }, quoteId: number, now = new Date(), previewed?: string): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) return { ok: false, errors: {}, message: "Este presupuesto ya no existe." };
    if (quote.status === "anulado") return { ok: false, errors: {}, message: "Este presupuesto está anulado: no se puede enviar." };
    if (previewed !== undefined && quote.updatedAt.toISOString() !== previewed) {
      return { ok: false, errors: {}, message: "El borrador ha cambiado desde esta vista previa: revise la nueva antes de enviarlo." };
    }
    const errors = sendProblems({ customer: quote.customer, workPlace: quote.workPlace, draft: quote.draft });
    if (Object.keys(errors).length > 0) return { ok: false, errors, message: "Falta algo para poder enviarlo: revise los campos marcados." };
    const document = draftDocument(quote, now);
    const { version, validUntil } = document;
    await tx.insert(quoteVersions).values({ quoteId, version, document, documentSha256: documentSha256(document), validUntil, sentAt: now, sentBy: actor.email });
    const [sent] = await tx
      .update(quotes)
      .set({ status: "enviado", currentVersion: version, validUntil, sentAt: now, remindedAt: null, updatedAt: now })
      .where(eq(quotes.id, quoteId))
      .returning();
    // The request it answers is now "presupuestado" in the inbox (unless the owner closed it).
    if (quote.contactRequestId) {
      await tx
        .update(contactRequests)
        .set({ state: "presupuestado", updatedAt: now })
        .where(and(eq(contactRequests.id, quote.contactRequestId), inArray(contactRequests.state, ["nuevo", "contactado"])));
    }
    await enqueueQuoteSentEmail(tx, sent!, document);
    await audit(tx, actor, {
      action: "enviar presupuesto",
      entity: "presupuesto",
      entityId: quote.number,
      before: { version: quote.currentVersion, estado: quote.status },
      after: { version, estado: "enviado", validoHasta: validUntil },
    });
    return { ok: true, quote: sent!, version };
  });
}
