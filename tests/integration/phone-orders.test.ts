import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { lineValue } from "~/domain/orders/phone-order-fields";
import { outsideAreaMessage } from "~/domain/orders/service-area";
import { action as phoneAction, loader as phoneLoader } from "~/routes/orders/admin-phone-order";
import { action as payAction, loader as payLoader } from "~/routes/payments/order-link-payment";
import { serviceArea } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { orderLines, orders } from "~/server/orders/orders-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { BOILER_ID, BOILER_WITH_SERVICES, productRow, THERMOSTAT_ID } from "../support/basket-utils";

/*
 * Phone orders (issue 30) through the pages' own loaders and actions: the owner's draft is
 * priced and refused as the checkout prices and refuses a basket, the order holds its units,
 * the customer's e-mail carries the link, and the link's page shows and switches the order.
 */

const ready = setupTestDatabase();
let admin = "";
const OWNER = "duena-telefono@termoclima.test";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

const ADDRESS = {
  "envio-id": "12345678Z",
  "envio-nombre": "Ana",
  "envio-apellidos": "García López",
  "envio-empresa": "",
  "envio-direccion": "Calle Mayor 1",
  "envio-poblacion": "Madrid",
  "envio-provincia": "Madrid",
  "envio-cp": "28013",
  "envio-telefono": "600 123456",
};

type Page = { draft: { totals: { totalCents: number }; quote: { totalCents: number; lines: string } }; values: Record<string, string>; errors: Record<string, string>; formError?: string; idempotencyKey: string };

async function post(form: Record<string, string | string[]>) {
  return settle(() => phoneAction(args(adminRequest("/admin/pedidos/telefono", admin, form))));
}

/** Posts the lines with `intent` "buscar" to learn the quote the page would carry, then creates. */
async function create(lines: typeof BOILER_WITH_SERVICES, fields: Record<string, string> = {}, key = randomUUID()) {
  const base = { ...ADDRESS, email: "ana.telefono@example.com", facturacion: "igual", clave: key, linea: lines.map(lineValue), ...fields };
  const shown = (await post({ ...base, intent: "buscar" })).data as Page;
  return post({ ...base, total: String(shown.draft.quote.totalCents), lineas: shown.draft.quote.lines, intent: "crear" });
}

beforeAll(async () => {
  const { db } = await ready;
  admin = await adminCookie(db, OWNER);
});

describe("the owner's phone order", () => {
  it("is priced, created with the shop's prices, holds its units and e-mails the link", async () => {
    const { db } = await ready;
    const before = (await productRow(BOILER_ID))!.stock;
    const result = await create(BOILER_WITH_SERVICES);
    expect(result.status).toBe(302);
    const number = decodeURIComponent(result.location!.split("/").pop()!);
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    expect(order).toMatchObject({ placedBy: OWNER, userEmail: "ana.telefono@example.com", userId: null, status: "Pendiente de Pago", unitsHeld: true, vatExempt: false });
    expect(order!.payToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order!.holdUntil!.getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    expect(order!.customerId).not.toBeNull();
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const boiler = (await productRow(BOILER_ID))!;
    expect(lines.find((line) => line.family === "calderas")!.priceCents).toBe(boiler.priceCents);
    expect(lines.map((line) => line.family).sort()).toEqual(["calderas", "instalaciones", "mantenimientos", "termostatos"]);
    expect(boiler.stock).toBe(before - 1);
    const mails = await db.select().from(outbox).where(eq(outbox.ref, `order:${order!.id}`));
    const mail = mails.map((row) => row.payload as { to: string; subject: string; text: string }).find((m) => m.to === "ana.telefono@example.com");
    expect(mail?.subject).toContain(`su pedido ${number}, listo para pagar`);
    expect(mail?.text).toContain(`/pedido/pagar/${order!.payToken}`);
  });

  it("a second click of the same form makes one order", async () => {
    const { db } = await ready;
    const key = randomUUID();
    const [first, second] = [await create([{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }], {}, key), await create([{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }], {}, key)];
    expect(first.location).toBe(second.location);
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
  });

  it("refuses services outside the service area with the shop's message, keeping what was typed", async () => {
    const result = await create(BOILER_WITH_SERVICES, { "envio-cp": "08001", "envio-provincia": "Barcelona", "envio-poblacion": "Barcelona" });
    expect(result.status).toBe(400);
    const page = result.data as Page;
    expect(page.errors["envio-cp"]).toBe(outsideAreaMessage(serviceArea()));
    expect(page.values["envio-poblacion"]).toBe("Barcelona");
    expect(page.values.email).toBe("ana.telefono@example.com");
  });

  it("answers bad input with 400 and Spanish messages, values kept", async () => {
    const result = await create([{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }], { email: "no-es-correo", "envio-id": "123", "envio-telefono": "12" });
    expect(result.status).toBe(400);
    const page = result.data as Page;
    expect(page.errors.email).toBe("Escriba el e-mail del cliente: le enviamos ahí el enlace de pago.");
    expect(page.errors["envio-id"]).toMatch(/CIF, NIF o NIE/);
    expect(page.values["envio-telefono"]).toBe("12");
    const empty = await create([]);
    expect(empty.status).toBe(400);
    expect((empty.data as Page).formError).toBe("Añada al pedido algún artículo o servicio.");
    const forged = await post({ ...ADDRESS, linea: "calderas:x", intent: "crear" });
    expect(forged.status).toBe(400);
  });

  it("adds a product with its services by the shop's own rule, and prefills a customer record", async () => {
    const added = await post({ intent: `anadir:calderas:${BOILER_ID}`, [`cantidad-calderas-${BOILER_ID}`]: "2", [`instalacion-calderas-${BOILER_ID}`]: "SI", q: "" });
    expect(added.status).toBe(200);
    expect((added.data as { lines: unknown[] }).lines).toHaveLength(4);
    const tooMany = await post({ intent: `anadir:calderas:${BOILER_ID}`, [`cantidad-calderas-${BOILER_ID}`]: "99" });
    expect(tooMany.status).toBe(400);
    const { db } = await ready;
    const [order] = await db.select().from(orders).where(eq(orders.userEmail, "ana.telefono@example.com")).limit(1);
    const page = (await settle(() => phoneLoader(args(adminRequest(`/admin/pedidos/telefono?cliente=${order!.customerId}`, admin))))).data as Page;
    expect(page.values).toMatchObject({ email: "ana.telefono@example.com", "envio-nombre": "Ana", "envio-cp": "28013" });
  });
});

describe("the customer's payment link", () => {
  it("shows the order, switches it to transfer, then says it cannot be paid once cancelled", async () => {
    const { db } = await ready;
    const result = await create([{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }]);
    const number = decodeURIComponent(result.location!.split("/").pop()!);
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    const token = order!.payToken!;
    const base = publicPath(token);
    const shown = await settle(() => payLoader(args(new Request(base), { token })));
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({ kind: "order", number, closed: null, transfer: null });
    const switched = await settle(() => payAction(args(new Request(base, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=transferencia" }), { token })));
    expect(switched.status).toBe(302);
    const after = (await settle(() => payLoader(args(new Request(base), { token })))).data as { transfer: { concept: string } | null; payment: unknown };
    expect(after.transfer?.concept).toBe(number);
    expect(after.payment).toBeNull();
    await db.update(orders).set({ status: "Cancelado" }).where(eq(orders.id, order!.id));
    const closed = (await settle(() => payLoader(args(new Request(base), { token })))).data as { closed: string };
    expect(closed.closed).toMatch(/^Este pedido está cancelado/);
    expect((await settle(() => payLoader(args(new Request(publicPath("x".repeat(43))), { token: "x".repeat(43) })))).status).toBe(404);
  });
});

function publicPath(token: string) {
  return `http://localhost/pedido/pagar/${token}`;
}
