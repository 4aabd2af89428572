import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PLAN_COVERS } from "~/domain/maintenance/plans";
import { storedCardFrom } from "~/domain/payments/stored-card";
import { redsysConfig, resetConfigForTests } from "~/server/config.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { maintenancePlans, planRenewals } from "~/server/maintenance/maintenance-schema.server";
import { renewalsTask } from "~/server/maintenance/plan-renewals.server";
import { signedPaymentForm } from "~/server/payments/attempts.server";
import { storedCards } from "~/server/payments/payments-schema.server";
import { verifyMessage } from "~/server/payments/redsys-signature.server";
import { twoInstances } from "../support/pg-instances";
import { enableTestRedsys } from "../support/redsys-notify";
import { startRedsysStandIn, type RedsysStandIn } from "../support/redsys-standin/index";
import { decisionPath, newOrderCode, postForm, startTestShop, TEST_MERCHANT, type TestShop } from "../support/redsys-standin/test-shop";

/**
 * Issue 31: renewals charged to the cards Redsys keeps, on PostgreSQL with two instances (two
 * pools) running the daily task four times at the same moment, as processes would if the
 * scheduler's lease were lost: the Redsys stand-in receives exactly one charge per renewal, and
 * each renewal is paid and invoiced once. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de cobros con tarjeta guardada ***\n");

const COUNT = 8;

describe.skipIf(!url)("renewals charged to kept cards on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  let redsys: RedsysStandIn;
  let shop: TestShop;
  const publicBaseUrl = process.env.PUBLIC_BASE_URL;

  beforeAll(async () => {
    instances = await twoInstances(url!, "tarjetas");
    shop = await startTestShop();
    redsys = await startRedsysStandIn({ ...TEST_MERCHANT });
    enableTestRedsys({ REDSYS_URL: redsys.url, REDSYS_REST_URL: redsys.restUrl, PUBLIC_BASE_URL: shop.url });
  });
  afterAll(async () => {
    if (publicBaseUrl === undefined) delete process.env.PUBLIC_BASE_URL;
    else process.env.PUBLIC_BASE_URL = publicBaseUrl;
    resetConfigForTests();
    await redsys?.close();
    await shop?.close();
    await instances?.drop();
  });

  /** A first payment through the stand-in that keeps the test card: what the notification brought. */
  async function keptCard() {
    const cfg = redsysConfig()!;
    const form = signedPaymentForm(cfg, { code: newOrderCode(), amountCents: 8500, method: "tarjeta" }, { returnPath: "/vuelta", description: "Plan", merchantData: "Plan" }, { storeCard: true });
    const html = await (await postForm(form.action, { ...form.fields })).text();
    await postForm(new URL(decisionPath(html), redsys.url).toString(), { decision: "pagar" });
    const verified = verifyMessage(cfg.secretKey, shop.notifications.at(-1) ?? {});
    if (!verified.ok) throw new Error(verified.reason);
    return { card: storedCardFrom(verified.parameters)!, code: verified.order };
  }

  it("four runs at once: one charge per renewal, one invoice each", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { first, second } = instances;
    const ids: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      const { card, code } = await keptCard();
      const [kept] = await first.db
        .insert(storedCards)
        .values({ customerEmail: `tarjeta${i}@example.com`, firstCode: code, identifier: card.identifier, cofTxnId: card.cofTxnId, expiry: card.expiry, last4: "0004", brand: "Visa" })
        .returning();
      const [plan] = await first.db
        .insert(maintenancePlans)
        .values({
          customerEmail: `tarjeta${i}@example.com`,
          customerName: `Cliente ${i}`,
          buyer: { name: `Cliente ${i}`, nif: "12345678Z", address: ["Calle Mayor 1", "28001 Madrid", "España"] },
          place: { address: "Calle Mayor 1", postcode: "28001", town: "Madrid", province: "Madrid" },
          family: "calderas",
          priceCents: 8500 + i,
          covers: PLAN_COVERS,
          startedOn: "2031-05-20",
          renewsOn: "2032-05-20",
          source: "tienda",
          renewalMethod: "tarjeta",
          storedCardId: kept!.id,
        })
        .returning({ id: maintenancePlans.id });
      ids.push(plan!.id);
    }
    await renewalsTask(first.db, new Date("2032-04-20T06:00:00Z"));
    const day = new Date("2032-05-20T06:00:00Z");
    await Promise.all([renewalsTask(first.db, day), renewalsTask(second.db, day), renewalsTask(first.db, day), renewalsTask(second.db, day)]);

    const charges = redsys.log().filter((entry) => entry.kind === "charge");
    expect(charges).toHaveLength(COUNT);
    expect(new Set(charges.map((entry) => entry.order)).size).toBe(COUNT);
    expect(charges.map((entry) => entry.amount).sort()).toEqual(Array.from({ length: COUNT }, (_, i) => 8500 + i));
    const renewals = await first.db.select().from(planRenewals).where(inArray(planRenewals.planId, ids));
    expect(renewals.map((renewal) => renewal.state)).toEqual(Array(COUNT).fill("pagada"));
    expect(await first.db.select().from(invoices).where(inArray(invoices.planRenewalId, renewals.map((renewal) => renewal.id)))).toHaveLength(COUNT);
  });
});
