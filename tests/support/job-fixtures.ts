import { randomBytes } from "node:crypto";
import type { DepositRule, QuoteDocument, QuoteDraft, QuoteLine } from "~/domain/quotes/quote-content";
import { depositCents } from "~/domain/quotes/quote-deposit";
import { alternativeTotals, chargedTotals } from "~/domain/quotes/quote-totals";
import type { Database } from "~/server/db/client.server";
import { quoteResponses, quotes, quoteVersions } from "~/server/quotes/quotes-schema.server";
import { askDeposit } from "~/server/jobs/job-charges.server";
import { openJobForAcceptedQuote } from "~/server/jobs/open-job.server";

/*
 * A job as the quotes' acceptance makes it (issue 17), without the quotes' pages: a sent,
 * accepted quote (quotes + quote_versions with a QuoteDocument + the acceptance of option B in
 * quote_responses) and openJobForAcceptedQuote
 * in one transaction. Alternative "B" holds `units` of `productId` when given. With `deposit`
 * the quote asks it and the acceptance's charge is made as acceptQuote makes it (askDeposit).
 */

let sequence = 900_000;

export type JobFixture = { jobId: number; quoteId: number; number: string; token: string; totalCents: number; depositCents: number };

export async function insertAcceptedJob(
  db: Database,
  options: { productId?: number; units?: number; customerName?: string; email?: string; phone?: string; town?: string; nif?: string; deposit?: DepositRule; now?: Date; reducedVat?: boolean } = {},
): Promise<JobFixture> {
  sequence += 1;
  const number = `P2026-${String(sequence).padStart(6, "0")}`;
  const place = { address: "Calle de Alcalá 100, 3º B", postcode: "28009", town: options.town ?? "Madrid", province: "Madrid" };
  const customer = { name: options.customerName ?? "Lucía Pérez", nif: options.nif ?? "12345678Z", email: options.email ?? "lucia@example.com", phone: options.phone ?? "600 111 222", ...place };
  const product: QuoteLine[] = options.productId
    ? [{ kind: "producto", productId: options.productId, description: "Caldera de condensación", quality: "Nueva, 24 kW", quantityMilli: (options.units ?? 1) * 1000, unit: "ud", unitCents: 150_000, used: false }]
    : [];
  const labour: QuoteLine = { kind: "mano_de_obra", productId: null, description: "Montaje y puesta en marcha", quality: "", quantityMilli: 4500, unit: "h", unitCents: 4_000, used: false };
  const draft: QuoteDraft = {
    description: "Cambio de caldera con retirada de la antigua.",
    alternatives: [
      { key: "A", title: "Opción A", lines: [labour] },
      { key: "B", title: "Opción B: caldera de condensación", lines: [...product, labour] },
    ],
    startOn: null,
    endOn: null,
    guarantee: "2 años en piezas, 6 meses en mano de obra",
    validityDays: 30,
    deposit: options.deposit ?? { kind: "ninguno" },
    dwellingRenovation: options.reducedVat ?? false,
    notes: "",
  };
  const document: QuoteDocument = {
    ...draft,
    number,
    version: 1,
    issuedOn: "2026-11-20",
    validUntil: "2026-12-20",
    seller: { legalName: "Termoclima Madrid S.L.", nif: "B12345678", address: "Madrid", phone: "910 000 000", email: "tienda@example.com", industrialRegistry: "28/0000" },
    customer,
    workPlace: place,
  };
  const now = options.now ?? new Date();
  // `reducedVat`: a dwelling's renovation whose customer confirmed the 10 % (possible only when the materials allow it).
  const charged = chargedTotals(alternativeTotals(draft.alternatives[1]!, draft.dwellingRenovation), options.reducedVat ?? false);
  const deposit = depositCents(draft.deposit, charged.totalCents);
  const token = randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(quotes)
      .values({
        number,
        year: 2026,
        sequence,
        status: "aceptado",
        customer,
        workPlace: place,
        draft,
        currentVersion: 1,
        token,
        validUntil: "2026-12-20",
        sentAt: new Date(),
        createdBy: "duena@termoclima.test",
      })
      .returning({ id: quotes.id });
    await tx.insert(quoteVersions).values({ quoteId: quote!.id, version: 1, document, documentSha256: "0".repeat(64), validUntil: "2026-12-20", sentBy: "duena@termoclima.test" });
    // The customer's signature on option B at 21 % (the job's amounts and invoices read the acceptance).
    await tx.insert(quoteResponses).values({ quoteId: quote!.id, version: 1, kind: "aceptado", alternative: "B", fullName: customer.name, signatureKind: "escrita", signature: customer.name, statementAccepted: true, reducedVatConfirmed: options.reducedVat ?? false, documentSha256: "0".repeat(64), totalCents: charged.totalCents, depositCents: deposit, createdAt: now });
    const { jobId } = await openJobForAcceptedQuote(tx, { quoteId: quote!.id, version: 1, alternative: "B", document }, now);
    await askDeposit(tx, jobId, deposit, now);
    return { jobId, quoteId: quote!.id, number, token, totalCents: charged.totalCents, depositCents: deposit };
  });
}
