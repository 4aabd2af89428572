import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PLAN_COVERS } from "~/domain/maintenance/plans";
import { outbox } from "~/server/db/shared-schema.server";
import { maintenancePlans, planRenewals } from "~/server/maintenance/maintenance-schema.server";
import { recordRenewalPayment, renewalsTask } from "~/server/maintenance/plan-renewals.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { twoInstances } from "../support/pg-instances";

/**
 * Issue 31: maintenance plans' renewals on PostgreSQL with two instances (two pools) running
 * the daily task at the same moment, as two processes would if the scheduler's lease were lost:
 * each plan gets one renewal row and one notice, each unpaid plan ends once with one e-mail,
 * and two owners recording the same transfer at once issue one invoice. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de renovaciones de planes ***\n");

const COUNT = 25;

describe.skipIf(!url)("plan renewals on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    instances = await twoInstances(url!, "renovaciones");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  it("both instances at once: one notice per plan, one lapse per unpaid plan, one invoice per transfer", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { first, second } = instances;
    const plans = await first.db
      .insert(maintenancePlans)
      .values(
        Array.from({ length: COUNT }, (_, i) => ({
          customerEmail: `plan${i}@example.com`,
          customerName: `Cliente ${i}`,
          buyer: { name: `Cliente ${i}`, nif: "12345678Z", address: ["Calle Mayor 1", "28001 Madrid", "España"] },
          place: { address: "Calle Mayor 1", postcode: "28001", town: "Madrid", province: "Madrid" },
          family: "calderas" as const,
          priceCents: 8500,
          covers: PLAN_COVERS,
          startedOn: "2031-05-20",
          renewsOn: "2032-05-20",
          source: "tienda" as const,
        })),
      )
      .returning({ id: maintenancePlans.id });
    const ids = plans.map((plan) => plan.id);
    const noticeDay = new Date("2032-04-20T06:00:00Z");
    await Promise.all([renewalsTask(first.db, noticeDay), renewalsTask(second.db, noticeDay), renewalsTask(first.db, noticeDay), renewalsTask(second.db, noticeDay)]);
    const renewals = await first.db.select().from(planRenewals).where(inArray(planRenewals.planId, ids));
    expect(renewals).toHaveLength(COUNT);
    const mails = await first.db.select().from(outbox).where(inArray(outbox.ref, ids.map((id) => `plan:${id}`)));
    expect(mails).toHaveLength(COUNT);

    // Two owners record the first plan's transfer at the same moment: one invoice.
    const owner = { email: "duena@termoclima.test" };
    const payment = { paidOn: "2032-05-21", bankReference: "TRF-1" };
    const at = new Date("2032-05-21T10:00:00Z");
    const first1 = renewals.find((row) => row.planId === ids[0])!;
    const results = await Promise.all([recordRenewalPayment(first.db, owner, first1.id, payment, at), recordRenewalPayment(second.db, owner, first1.id, payment, at)]);
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
    expect(await first.db.select().from(invoices).where(eq(invoices.planRenewalId, first1.id))).toHaveLength(1);

    // Thirty days after the renewal day, both instances at once: every unpaid plan ends once.
    const lapseDay = new Date("2032-06-19T06:00:00Z");
    await Promise.all([renewalsTask(first.db, lapseDay), renewalsTask(second.db, lapseDay)]);
    const states = await first.db.select({ id: maintenancePlans.id, state: maintenancePlans.state }).from(maintenancePlans).where(inArray(maintenancePlans.id, ids));
    expect(states.filter((plan) => plan.state === "vencido")).toHaveLength(COUNT - 1);
    expect(states.find((plan) => plan.id === ids[0])!.state).toBe("activo");
    const ended = (await first.db.select().from(outbox).where(inArray(outbox.ref, ids.map((id) => `plan:${id}`)))).filter((row) => /ha terminado/.test(String(row.payload.subject)));
    expect(ended).toHaveLength(COUNT - 1);
  });
});
