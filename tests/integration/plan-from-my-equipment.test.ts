import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { warrantyEnds } from "~/domain/jobs/warranty";
import { MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { SERVICE_LINE_ID } from "~/domain/basket/basket";
import { loader as equipmentLoader } from "~/routes/jobs/my-equipment";
import { action as maintenanceOfferAction } from "~/routes/catalogue/maintenance-offer";
import { user } from "~/server/accounts/accounts-schema.server";
import { baskets } from "~/server/basket/basket-schema.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { installedUnits } from "~/server/jobs/jobs-schema.server";
import { maintenancePlans, planUnits } from "~/server/maintenance/maintenance-schema.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { orderLines, orders } from "~/server/orders/orders-schema.server";
import { outbox } from "~/server/db/shared-schema.server";
import { enqueueWorkReportEmail, planOffersFor } from "~/server/jobs/work-report-email.server";
import { setupTestDatabase } from "../db-utils";
import { signUp } from "../support/auth-utils";
import { insertAcceptedJob } from "../support/job-fixtures";
import { insertTestOrder } from "../support/transfer-orders";

/*
 * Issue 31: the plan sold after the installation. «Mis equipos» offers the yearly maintenance
 * under each unit we installed that no running plan maintains; the offer's button puts the plan
 * in the basket for that unit, and the paid order's plan maintains exactly that unit (a forged
 * unit id makes a plan without one). The signed report's e-mail offers it too.
 */
const ready = setupTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const ends = warrantyEnds("2026-11-20", "12345678Z");

async function boilerUnit(email: string, serialNumber: string) {
  const { db } = await ready;
  const [boiler] = await db.select().from(products).where(eq(products.family, "calderas")).orderBy(asc(products.id)).limit(1);
  const job = await insertAcceptedJob(db, { email, productId: boiler!.id });
  const [unit] = await db
    .insert(installedUnits)
    .values({ jobId: job.jobId, customerEmail: email, productId: boiler!.id, brand: boiler!.brand, model: boiler!.model, serialNumber, installedOn: "2026-11-20", ...ends })
    .returning();
  return { unit: unit!, boiler: boiler! };
}

/** An order by transfer whose one line is the maintenance the basket would have made (with `equipo`). */
async function orderForUnit(email: string, installedUnitId: number) {
  const { db } = await ready;
  const placed = await insertTestOrder(db, { number: `${8000 + installedUnitId}-201126`, email, createdAt: new Date(), productIds: [] });
  await db.insert(orderLines).values({ orderId: placed.id, position: 0, productId: SERVICE_LINE_ID.calderas, family: "mantenimientos", brand: "", model: "Mantenimiento anual de caldera", type: "Mantenimiento anual", priceCents: 8500, region: "madrid", installedUnitId });
  await db.update(orders).set({ amountCents: 8500 + placed.shippingCents }).where(eq(orders.id, placed.id));
  const moved = await moveOrderStatus(db, { email: "duena@termoclima.test" }, placed.number, { from: "Pendiente de Pago", to: "Pagado", details: { bankReference: "TRF-EQ" } });
  expect(moved.ok).toBe(true);
  const [plan] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.orderId, placed.id));
  return plan!;
}

describe("the plan offered under a unit we installed", () => {
  it("Mis equipos offers it; the button puts it in the basket for that unit; once paid, the plan maintains that unit and the offer is gone", async () => {
    const { db } = await ready;
    const email = "rosa.equipos@example.com";
    const { unit, boiler } = await boilerUnit(email, "SD-2611-0777");
    const cookie = await signUp(email, "contraseña-segura-1", "Rosa Equipos");
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const page = () => new Request("http://localhost/login/equipos", { headers: { cookie } });

    const before = (await equipmentLoader(args(page()))) as { offers: Record<number, { family: string; priceCents: number; title: string }> };
    expect(before.offers[unit.id]).toMatchObject({ family: "calderas", priceCents: MAINTENANCE_PRICE_CENTS.calderas, title: "Mantenimiento anual de caldera" });

    // The offer's form, as the browser posts it to the maintenance page's action.
    const body = new URLSearchParams({ kind: "mantenimiento", family: "calderas", equipo: String(unit.id) });
    const added = await maintenanceOfferAction({
      request: new Request("http://localhost/tienda/mantenimientos", { method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } }),
      params: {},
      context: {},
    } as never);
    expect((added as { data: unknown }).data).toMatchObject({ ok: true, added: 1 });
    const setCookie = (added as { init: { headers: Headers | Record<string, string> } }).init?.headers;
    expect(setCookie).toBeTruthy();
    const stored = await db.select().from(baskets);
    expect(stored.some((basket) => basket.lines.some((line) => line.familia === "mantenimientos" && line.equipo === unit.id))).toBe(true);

    const plan = await orderForUnit(email, unit.id);
    const [maintained] = await db.select().from(planUnits).where(eq(planUnits.planId, plan.id));
    expect(maintained).toMatchObject({ installedUnitId: unit.id, serialNumber: "SD-2611-0777", brand: boiler.brand, model: boiler.model, installedOn: "2026-11-20", equipment: "caldera-gas", declared: false });
    const after = (await equipmentLoader(args(page()))) as { offers: Record<number, unknown> };
    expect(after.offers[unit.id]).toBeUndefined();
  });

  it("another customer's unit: the plan is made without a unit, to be declared", async () => {
    const { db } = await ready;
    const { unit } = await boilerUnit("vecino@example.com", "VA-1234");
    const plan = await orderForUnit("rosa.otra@example.com", unit.id);
    expect(await db.select().from(planUnits).where(eq(planUnits.planId, plan.id))).toEqual([]);
  });

  it("the signed report's e-mail offers the plan of the units just installed", async () => {
    const { db } = await ready;
    const { boiler } = await boilerUnit("pablo.parte@example.com", "SD-1");
    const offers = await planOffersFor(db, [{ productId: boiler.id }, { productId: null }]);
    expect(offers).toEqual([expect.objectContaining({ family: "calderas", title: "Mantenimiento anual de caldera" })]);
    const job = await insertAcceptedJob(db, { email: "pablo.parte@example.com" });
    await db.transaction((tx) =>
      enqueueWorkReportEmail(tx, {
        jobId: job.jobId,
        subject: { kind: "instalacion", quoteNumber: job.number, quoteVersion: 1, alternative: "B" },
        page: { kind: "presupuesto", reference: job.number, token: job.token },
        customer: { name: "Pablo", nif: "12345678Z", email: "pablo.parte@example.com", phone: "600111222", address: "", postcode: "", town: "", province: "" },
        offers,
      }),
    );
    const [mail] = (await db.select().from(outbox).where(eq(outbox.ref, `trabajo:${job.jobId}`))).map((row) => row.payload as { text: string });
    expect(mail!.text).toContain("¿Quiere el plan de mantenimiento?");
    expect(mail!.text).toMatch(/- Mantenimiento anual de caldera: 85,00.€ al año, IVA incluido\./);
    expect(mail!.text).toContain("Contrátelo para su equipo en «Mis equipos»:");
  });
});
