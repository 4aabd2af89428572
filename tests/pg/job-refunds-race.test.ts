import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newRedsysOrderCode } from "~/domain/payments/redsys-codes";
import { formatEuros } from "~/domain/money";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { jobCharges } from "~/server/jobs/jobs-schema.server";
import { recordChargeTransferRefund, refundChargeThroughRedsys } from "~/server/payments/job-refunds.server";
import { handleNotification } from "~/server/payments/notification.server";
import { paymentAttempts, refunds } from "~/server/payments/payments-schema.server";
import type { RefundResult } from "~/server/payments/refund-flow.server";
import type { Database } from "~/server/db/client.server";
import { insertAcceptedJob } from "../support/job-fixtures";
import { twoInstances } from "../support/pg-instances";
import { fakeRedsysRest, REDSYS } from "../support/refund-fixtures";
import { notification, TEST_REDSYS } from "../support/redsys-notify";

/*
 * Refunds of a job's charge (issue 31) from two app instances (two pools on one PostgreSQL
 * database) at the same moment: the refunded amount never exceeds what the deposit took, and
 * the charge's invoice is rectified once per refund done, never below zero. Needs
 * TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la carrera de los reembolsos de trabajos en PostgreSQL ***\n");

const A = { email: "duena@termoclima.test" };
const B = { email: "encargado@termoclima.test" };
const CONFIG = { ...REDSYS, ...TEST_REDSYS };
const NOW = new Date();

describe.skipIf(!url)("a job's refunds on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  const redsys = fakeRedsysRest(CONFIG);
  const deps = { config: CONFIG, fetchImpl: redsys.impl };

  beforeAll(async () => {
    instances = await twoInstances(url!, "reembolsos_trabajos");
  });
  afterAll(async () => {
    await instances?.drop();
  });
  beforeEach(() => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  /** A job whose 30 % deposit was paid by card (the attempt settled by Redsys's notification): its charge and attempt. */
  async function paidDeposit(db: Database, email: string) {
    const job = await insertAcceptedJob(db, { deposit: { kind: "porcentaje", percent: 30 }, email, now: NOW });
    const [charge] = await db.select().from(jobCharges).where(eq(jobCharges.jobId, job.jobId));
    const code = newRedsysOrderCode((n) => randomBytes(n));
    const [attempt] = await db.insert(paymentAttempts).values({ chargeId: charge!.id, code, method: "tarjeta", amountCents: charge!.amountCents }).returning();
    expect(await handleNotification(db, CONFIG, notification({ code, amountCents: charge!.amountCents }), NOW)).toMatchObject({ outcome: "pagado" });
    return { job, charge: charge!, attempt: attempt! };
  }

  const taken = async (chargeId: number) => {
    const [row] = await instances.first.db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.state} <> 'rechazado'), 0)::int` })
      .from(refunds)
      .where(eq(refunds.jobChargeId, chargeId));
    return row!.cents;
  };

  it("two administrators, one on each instance, refunding most of a deposit: one goes, the others are told what is left; one rectifying invoice", async () => {
    const { first, second } = instances;
    for (let round = 0; round < 4; round++) {
      const { job, charge, attempt } = await paidDeposit(first.db, `carrera-trabajo${round}@example.com`);
      const most = charge.amountCents - 100;
      const ask = { attemptId: attempt.id, amountCents: most, reason: "carrera" };
      const results = await Promise.all([
        refundChargeThroughRedsys(first.db, A, job.jobId, charge.id, ask, deps),
        refundChargeThroughRedsys(second.db, B, job.jobId, charge.id, ask, deps),
        recordChargeTransferRefund(second.db, B, job.jobId, charge.id, { amountCents: most, refundedOn: "2026-11-29", reference: "T", reason: "carrera" }),
        recordChargeTransferRefund(first.db, A, job.jobId, charge.id, { amountCents: most, refundedOn: "2026-11-29", reference: "T", reason: "carrera" }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      for (const result of results.filter((result): result is Extract<RefundResult, { ok: false }> => !result.ok)) {
        expect(result).toMatchObject({ status: 409, message: `El reembolso no puede superar lo pagado: quedan ${formatEuros(100)} por devolver.` });
      }
      expect(await taken(charge.id)).toBe(most);
      const rectifying = await first.db.select().from(invoices).where(and(eq(invoices.jobChargeId, charge.id), isNotNull(invoices.rectifiesId)));
      expect(rectifying.map((invoice) => invoice.totalCents)).toEqual([-most]);
    }
  });

  it("the rest of a deposit refunded from both instances at once in small parts: never more than paid, the invoice never rectified below zero", async () => {
    const { first, second } = instances;
    const { job, charge } = await paidDeposit(first.db, "partes-trabajo@example.com");
    const part = Math.ceil(charge.amountCents / 5);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        recordChargeTransferRefund(i % 2 ? second.db : first.db, i % 2 ? B : A, job.jobId, charge.id, { amountCents: part, refundedOn: "2026-11-29", reference: `T${i}`, reason: "partes" }),
      ),
    );
    const done = results.filter((result) => result.ok).length;
    expect(done * part).toBeLessThanOrEqual(charge.amountCents);
    expect(done).toBe(Math.floor(charge.amountCents / part));
    const [sums] = await first.db
      .select({ total: sql<number>`sum(${invoices.totalCents})::int` })
      .from(invoices)
      .where(eq(invoices.jobChargeId, charge.id));
    expect(Number(sums!.total)).toBe(charge.amountCents - done * part);
  });
});
