import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redsysConfig } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { verifactuRecords } from "~/server/invoices/verifactu-schema.server";
import { jobCharges } from "~/server/jobs/jobs-schema.server";
import { paymentAttempts } from "~/server/payments/payments-schema.server";
import { jobChargeAction } from "~/server/jobs/job-payment-admin.server";
import { createAttemptFor } from "~/server/payments/attempts.server";
import { handleNotification } from "~/server/payments/notification.server";
import { insertAcceptedJob } from "../support/job-fixtures";
import { twoInstances } from "../support/pg-instances";
import { enableTestRedsys, notification } from "../support/redsys-notify";

/**
 * A job's deposit paid by card (issue 17) on PostgreSQL with two instances: the same
 * notification delivered to both at once, three times each, pays the deposit once and issues
 * one invoice (one number, one VERI*FACTU record, one e-mail); a card payment and the owner's
 * transfer recorded at the same moment pay it once too. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de la señal de los trabajos ***\n");

const COUNT = 10;
const OWNER = { id: "owner", email: "duena@termoclima.test", name: "Dueña", sessionToken: "x" };

describe.skipIf(!url)("a job's deposit on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  const now = new Date();
  const cfg = () => redsysConfig()!;

  beforeAll(async () => {
    enableTestRedsys();
    instances = await twoInstances(url!, "senal");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  async function depositsWithAttempts(count: number) {
    const made = [];
    for (let i = 0; i < count; i++) {
      const job = await insertAcceptedJob(instances.first.db, { deposit: { kind: "porcentaje", percent: 30 }, email: `senal${i}@example.com`, now });
      const [charge] = await instances.first.db.select().from(jobCharges).where(eq(jobCharges.jobId, job.jobId));
      const attempt = await instances.first.db.transaction((tx) => createAttemptFor(tx, { chargeId: charge!.id }, charge!.amountCents, "tarjeta", now));
      made.push({ job, charge: charge!, attempt });
    }
    return made;
  }

  it("the same notification to both instances, three times each, at once: one payment, one invoice, one record, one e-mail", async () => {
    const { first, second } = instances;
    const made = await depositsWithAttempts(COUNT);
    const results = await Promise.all(
      made.flatMap(({ attempt }) => {
        const fields = notification({ code: attempt.code, amountCents: attempt.amountCents });
        return [0, 1, 2].flatMap(() => [handleNotification(first.db, cfg(), fields, now), handleNotification(second.db, cfg(), fields, now)]);
      }),
    );
    const outcomes = results.map((result) => (result.ok ? result.outcome : "rechazada"));
    expect(outcomes.filter((o) => o === "pagado")).toHaveLength(COUNT);
    expect(outcomes.filter((o) => o === "repetida")).toHaveLength(COUNT * 5);

    const chargeIds = made.map(({ charge }) => charge.id);
    const charges = await first.db.select().from(jobCharges).where(inArray(jobCharges.id, chargeIds));
    expect(charges.every((charge) => charge.state === "pagado")).toBe(true);
    const attempts = await first.db.select().from(paymentAttempts).where(inArray(paymentAttempts.chargeId, chargeIds));
    expect(attempts.map((a) => a.notificationCount)).toEqual(Array(COUNT).fill(6));
    const issued = await first.db.select().from(invoices).where(inArray(invoices.jobChargeId, chargeIds));
    expect(issued).toHaveLength(COUNT);
    expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(COUNT);
    const records = await first.db.select().from(verifactuRecords).where(inArray(verifactuRecords.invoiceId, issued.map((invoice) => invoice.id)));
    expect(records).toHaveLength(COUNT);
    const mails = await first.db.select({ ref: outbox.ref }).from(outbox).where(and(eq(outbox.kind, "email"), inArray(outbox.ref, made.map(({ job }) => `trabajo:${job.jobId}`))));
    expect(mails).toHaveLength(COUNT);
  });

  it("a card payment and the owner's transfer at the same moment: paid once, one invoice; the loser is a refund or 'already paid'", async () => {
    const { first, second } = instances;
    const made = await depositsWithAttempts(COUNT);
    const results = await Promise.all(
      made.flatMap(({ job, charge, attempt }) => [
        handleNotification(first.db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), now),
        jobChargeAction(second.db, OWNER, job.jobId, { intent: "transfer", chargeId: charge.id, paidOn: "2026-01-01", reference: `TRF-${charge.id}` }, now),
      ]),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const chargeIds = made.map(({ charge }) => charge.id);
    const issued = await first.db.select().from(invoices).where(inArray(invoices.jobChargeId, chargeIds));
    expect(issued).toHaveLength(COUNT);
    const attempts = await first.db.select().from(paymentAttempts).where(inArray(paymentAttempts.chargeId, chargeIds));
    const charges = await first.db.select().from(jobCharges).where(inArray(jobCharges.id, chargeIds));
    for (const charge of charges) {
      const attempt = attempts.find((a) => a.chargeId === charge.id)!;
      // Whoever came first paid it; a card payment that came second is to refund.
      expect(attempt.state).toBe(charge.payMethod === "tarjeta" ? "pagado" : "a reembolsar");
    }
  });
});
