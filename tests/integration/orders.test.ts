import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ORDER_MESSAGES } from "~/domain/orders/order-form";
import { action, loader } from "~/routes/orders/checkout";
import { loader as rootLoader } from "~/root";
import { config, resetConfigForTests } from "~/server/config.server";
import { baskets } from "~/server/basket/basket-schema.server";
import { outbox } from "~/server/db/shared-schema.server";
import { orderLines, orders } from "~/server/orders/orders-schema.server";
import { resetMailTransport } from "~/server/mail.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries } from "~/server/outbox.server";
import { setupTestDatabase } from "../db-utils";
import { signUp as signUpFrom } from "../support/auth-utils";
import {
  BOILER_ID,
  BOILER_WITH_SERVICES,
  basketLines,
  basketWith,
  productRow,
  THERMOSTAT_ID,
  updateProduct,
} from "../support/basket-utils";
import { startSmtpCapture } from "../support/smtp-capture";

const ready = setupTestDatabase();

let accounts = 0;
/** A new account's session cookie; each from its own address, clear of the sign-up rate limit. */
function signUp(email: string): Promise<string> {
  accounts += 1;
  return signUpFrom(email, "claveSegura123", "Cliente", `10.9.${accounts}.1`);
}
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "pedidos-"));
resetConfigForTests();
registerOutboxHandlers();
afterAll(() => {
  delete process.env.SMTP_URL;
  resetConfigForTests();
  resetMailTransport();
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

const ADDRESS = {
  "envio-id": "12345678Z",
  "envio-nombre": "Ana",
  "envio-apellidos": "García López",
  "envio-empresa": "",
  "envio-direccion": "Calle Mayor 1, 2º B",
  "envio-poblacion": "Madrid",
  "envio-provincia": "Madrid",
  "envio-cp": "28013",
  "envio-telefono": "600 123456",
};

const formFields = (overrides: Record<string, string> = {}) => ({
  ...ADDRESS,
  facturacion: "igual",
  pago: "transferencia",
  condiciones: "acepto",
  clave: randomUUID(),
  ...overrides,
});

type Reply = {
  init?: ResponseInit;
  data: { errors: Record<string, string>; formError?: string; values: Record<string, string>; basket?: Record<string, unknown> };
};

/** How the shop writes euros (decision 0021): Spain's format, grouped from four digits. */
const euros = (cents: number) =>
  new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", useGrouping: "always" } as Intl.NumberFormatOptions).format(cents / 100);

/** Posts the order form; a redirect comes back as a Response, a refusal as data with its status. */
async function submit(fields: Record<string, string> | URLSearchParams, cookie: string): Promise<Response | Reply> {
  const request = new Request("http://localhost/carrito/pedido", {
    method: "POST",
    body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });
  try {
    return (await action(args(request))) as unknown as Reply;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function numberOf(reply: Response | Reply): string {
  if (!(reply instanceof Response)) throw new Error(`se esperaba una redirección: ${JSON.stringify(reply)}`);
  expect(reply.status).toBe(302);
  const location = reply.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/carrito\/pedido\?pedido=\d{1,5}-\d{6}$/);
  return decodeURIComponent(location.split("=")[1]!);
}

/** The order page as the customer's browser opens it: its hidden fields (key, total, lines). */
async function openOrderPage(cookie: string): Promise<Record<string, string>> {
  const page = await loader(args(new Request("http://localhost/carrito/pedido", { headers: { Cookie: cookie } })));
  if (page.mode !== "editing") throw new Error("se esperaba el formulario");
  return { clave: page.idempotencyKey, total: String(page.quote.totalCents), lineas: page.quote.lines };
}

/** A signed-in customer with a basket, who has opened the order page; `form` fills it in. */
async function customer(email: string, lines = BOILER_WITH_SERVICES) {
  const session = await signUp(email);
  const basket = await basketWith(lines);
  const cookie = `${session}; ${basket.cookie}`;
  const hidden = await openOrderPage(cookie);
  return { session, basket, cookie, hidden, form: (overrides: Record<string, string> = {}) => formFields({ ...hidden, ...overrides }) };
}

async function orderRow(number: string) {
  const { db } = await ready;
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  const lines = order ? await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position) : [];
  return { order, lines };
}

async function countOrders(email: string) {
  const { db } = await ready;
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.userEmail, email))).length;
}

describe("confirming an order", () => {
  it("creates it in one go: catalogue prices, lines, status, addresses, stock down, basket emptied, two e-mails queued", async () => {
    const { db } = await ready;
    const { cookie, basket, form } = await customer("ana@example.com");
    const boiler = await productRow(BOILER_ID);
    const thermostat = await productRow(THERMOSTAT_ID);
    const queuedBefore = (await db.select().from(outbox)).length;

    const number = numberOf(await submit(form(), cookie));
    const { order, lines } = await orderRow(number);
    const total = boiler.priceCents + 30200 + 8500 + thermostat.priceCents + 1995 + 795;
    expect(order).toMatchObject({
      status: "Pendiente de Pago",
      amountCents: total,
      shippingCents: 2790,
      userEmail: "ana@example.com",
      payMethod: "transferencia",
      addressSend: { id: "12345678Z", nombre: "Ana", provincia: "Madrid", pais: "España", cp: "28013" },
    });
    expect(order!.userId).toBeTruthy();
    expect(order!.addressBill).toEqual(order!.addressSend);
    expect(lines.map((line) => [line.family, line.brand, line.model, line.priceCents, line.gas, line.region])).toEqual([
      ["calderas", boiler.brand, boiler.model, boiler.priceCents, "natural", null],
      ["instalaciones", "", "Instalación de caldera", 30200, null, "madrid"],
      ["mantenimientos", "", "Mantenimiento anual de caldera", 8500, null, "madrid"],
      ["termostatos", thermostat.brand, thermostat.model, thermostat.priceCents, null, null],
    ]);
    expect(lines[0]).toMatchObject({ productId: BOILER_ID, type: boiler.type, image: boiler.image });

    expect((await productRow(BOILER_ID)).stock).toBe(boiler.stock - 1);
    expect((await productRow(THERMOSTAT_ID)).stock).toBe(thermostat.stock - 1);
    expect(await basketLines(basket.id)).toEqual([]);
    expect((await rootLoader(args(new Request("http://localhost/", { headers: { Cookie: cookie } })))).basketCount).toBe(0);

    const all = (await db.select().from(outbox)).slice(queuedBefore);
    // And the staff's alert (issue 30), in the same transaction.
    expect(all.filter((entry) => entry.kind === "push_alert").map((entry) => (entry.payload as { title: string }).title)).toEqual([expect.stringMatching(/^Pedido nuevo /)]);
    const queued = all.filter((entry) => entry.kind === "email");
    expect(queued.map((entry) => [entry.kind, (entry.payload as { to: string }).to])).toEqual([
      ["email", "ana@example.com"],
      ["email", config().SHOP_EMAIL],
    ]);
  });

  it("a maintenance put in the basket from «Mis equipos» keeps its unit on the order's line (issue 31)", async () => {
    const { cookie, form } = await customer("eva.equipo@example.com", [{ id: 1, familia: "mantenimientos", cantidad: 1, provincia: "madrid", equipo: 4242 }]);
    const number = numberOf(await submit(form(), cookie));
    const { lines } = await orderRow(number);
    expect(lines.map((line) => [line.family, line.installedUnitId])).toEqual([["mantenimientos", 4242]]);
  });

  it("shows the confirmation to its owner only", async () => {
    await ready;
    const { cookie, session, form } = await customer("dueno@example.com");
    const number = numberOf(await submit(form(), cookie));
    const page = await loader(args(new Request(`http://localhost/carrito/pedido?pedido=${number}`, { headers: { Cookie: session } })));
    if (page.mode !== "confirmed") throw new Error("se esperaba la confirmación");
    expect(page.order.number).toBe(number);
    expect(page.bank.iban).toMatch(/^ES\d{2}( \d{4}){5}$/);
    expect(page.order.values["envio-nombre"]).toBe("Ana");
    expect(page.order.values.facturacion).toBe("igual");

    const stranger = await signUp("curioso@example.com");
    for (const search of [`?pedido=${number}`, "?pedido=1-010101", "?pedido=../x"]) {
      try {
        await loader(args(new Request(`http://localhost/carrito/pedido${search}`, { headers: { Cookie: stranger } })));
        expect.unreachable();
      } catch (thrown) {
        expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
      }
    }
  });

  it("ignores a tampered price and foreign product ids in the posted form: the catalogue decides", async () => {
    await ready;
    const { cookie, form } = await customer("trampa@example.com", [{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }]);
    const thermostat = await productRow(THERMOSTAT_ID);
    const fields = new URLSearchParams(form());
    for (const [name, value] of [
      ["precio", "1"],
      ["amount", "1"],
      ["amountCents", "100"],
      ["products[0][precio]", "0.01"],
      ["products[0][id]", "1"],
      ["id", "999"],
      ["familia", "calderas"],
      ["lines", JSON.stringify([{ id: 999, familia: "calderas", precio: 1 }])],
    ]) {
      fields.append(name!, value!);
    }
    const number = numberOf(await submit(fields, cookie));
    const { order, lines } = await orderRow(number);
    expect(order!.amountCents).toBe(thermostat.priceCents + 795);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId: THERMOSTAT_ID, priceCents: thermostat.priceCents });
  });

  it("refuses with 409 a line whose product left the catalogue after the page was shown; nothing is ordered", async () => {
    await ready;
    const email = "fantasma@example.com";
    const leaving = 3;
    const { cookie, basket, form } = await customer(email, [
      { id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 },
      { id: leaving, familia: "calderas", cantidad: 1, opcion: "natural" },
    ]);
    const thermostat = await productRow(THERMOSTAT_ID);
    const before = thermostat.stock;
    await updateProduct(leaving, { active: false });
    try {
      const reply = (await submit(form(), cookie)) as Reply;
      expect(reply.init?.status).toBe(409);
      expect(reply.data.formError).toMatch(/^No podemos tramitar el pedido/);
      expect(reply.data.formError).toContain(`el nuevo total es ${euros(thermostat.priceCents + 795)}`);
      expect(reply.data.basket).toMatchObject({ blocked: true, totals: { totalCents: thermostat.priceCents + 795 } });
      expect(await countOrders(email)).toBe(0);
      expect((await productRow(THERMOSTAT_ID)).stock).toBe(before);
      expect(await basketLines(basket.id)).toHaveLength(2);
    } finally {
      await updateProduct(leaving, { active: true });
    }
  });

  it("refuses with a Spanish 409 an order beyond the stock left when it is confirmed, and changes nothing", async () => {
    await ready;
    const email = "agotado@example.com";
    const scarce = 7; // stock 1 in the seed
    const { cookie, basket, form } = await customer(email, [{ id: scarce, familia: "calderas", cantidad: 1, opcion: "natural" }]);
    await updateProduct(scarce, { stock: 0 });
    try {
      const reply = (await submit(form(), cookie)) as Reply;
      expect(reply.init?.status).toBe(409);
      expect(reply.data.formError).toMatch(/ya no está disponible en la cantidad pedida/);
      expect(await countOrders(email)).toBe(0);
      expect(await basketLines(basket.id)).toHaveLength(1);
      expect((await productRow(scarce)).stock).toBe(0);
    } finally {
      await updateProduct(scarce, { stock: 1 });
    }
  });

  it("a double submission with the same key makes one order and answers with it both times", async () => {
    await ready;
    const email = "doble@example.com";
    const { cookie, form } = await customer(email);
    const fields = form();
    const first = numberOf(await submit(fields, cookie));
    const second = numberOf(await submit(fields, cookie));
    expect(second).toBe(first);
    expect(await countOrders(email)).toBe(1);
  });

  it("two clicks at the same moment make one order too", async () => {
    await ready;
    const email = "impaciente@example.com";
    const { cookie, form } = await customer(email);
    const stock = (await productRow(BOILER_ID)).stock;
    const fields = form();
    const replies = await Promise.all([submit(fields, cookie), submit(fields, cookie), submit(fields, cookie)]);
    const numbers = replies.map(numberOf);
    expect(new Set(numbers).size).toBe(1);
    expect(await countOrders(email)).toBe(1);
    expect((await productRow(BOILER_ID)).stock).toBe(stock - 1);
  });

  it("a new key on an emptied basket (another tab) is refused: no second order", async () => {
    await ready;
    const email = "dospestanas@example.com";
    const { cookie, form } = await customer(email);
    numberOf(await submit(form(), cookie));
    const reply = (await submit(form({ clave: randomUUID() }), cookie)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.formError).toMatch(/carrito está vacío/);
    expect(await countOrders(email)).toBe(1);
  });

  it("another user's key is not theirs to reuse", async () => {
    await ready;
    const first = await customer("primera@example.com");
    const fields = first.form();
    numberOf(await submit(fields, first.cookie));
    const reply = (await submit(fields, (await customer("segunda@example.com")).cookie)) as Reply;
    expect(reply.init?.status).toBe(409);
    expect(await countOrders("segunda@example.com")).toBe(0);
  });
});

describe("what the customer confirms is what is charged (issue 10)", () => {
  // A thermostat of its own (seed ids 14..22): the tests above use up THERMOSTAT_ID's stock.
  const PRICED_ID = 16;

  it("a price changed since the page was shown: 409 with the new total, nothing ordered; confirming the new total orders at that price", async () => {
    await ready;
    const email = "subida@example.com";
    const { cookie, basket, form } = await customer(email, [{ id: PRICED_ID, familia: "termostatos", cantidad: 1 }]);
    const before = await productRow(PRICED_ID);
    await updateProduct(PRICED_ID, { priceCents: before.priceCents + 1000 });
    try {
      const newTotal = before.priceCents + 1000 + 795;
      const reply = (await submit(form(), cookie)) as Reply;
      expect(reply.init?.status).toBe(409);
      expect(reply.data.formError).toBe(
        `Su carrito, los precios o la disponibilidad han cambiado desde que abrió esta página. El nuevo total es ${euros(newTotal)}. Revise su pedido y confírmelo de nuevo.`,
      );
      // The answer carries the basket priced again, for a fresh form with the new total.
      expect(reply.data.basket).toMatchObject({ blocked: false, totals: { totalCents: newTotal }, quote: { totalCents: newTotal } });
      expect(reply.data.values["envio-nombre"]).toBe("Ana");
      expect(await countOrders(email)).toBe(0);
      expect((await productRow(PRICED_ID)).stock).toBe(before.stock);
      expect(await basketLines(basket.id)).toHaveLength(1);

      const again = await openOrderPage(cookie);
      expect(again.total).toBe(String(newTotal));
      const number = numberOf(await submit(formFields(again), cookie));
      expect((await orderRow(number)).order!.amountCents).toBe(newTotal);
    } finally {
      await updateProduct(PRICED_ID, { priceCents: before.priceCents });
    }
  });

  it("a price going down is no exception: the customer confirms the new total first", async () => {
    await ready;
    const email = "bajada@example.com";
    const { cookie, form } = await customer(email, [{ id: PRICED_ID, familia: "termostatos", cantidad: 1 }]);
    const before = await productRow(PRICED_ID);
    await updateProduct(PRICED_ID, { priceCents: before.priceCents - 100 });
    try {
      const reply = (await submit(form(), cookie)) as Reply;
      expect(reply.init?.status).toBe(409);
      expect(reply.data.formError).toContain(euros(before.priceCents - 100 + 795));
      expect(await countOrders(email)).toBe(0);
    } finally {
      await updateProduct(PRICED_ID, { priceCents: before.priceCents });
    }
  });

  it("the same total with other lines (the basket changed in another tab) is refused too", async () => {
    await ready;
    const email = "otrapestana@example.com";
    const { cookie, basket, form } = await customer(email, [{ id: PRICED_ID, familia: "termostatos", cantidad: 1 }]);
    const thermostat = await productRow(PRICED_ID);
    const twin = 15;
    const original = await productRow(twin);
    // Another thermostat at the same price takes the first one's place: same total, other goods.
    await updateProduct(twin, { priceCents: thermostat.priceCents });
    const db = (await ready).db;
    await db.update(baskets).set({ lines: [{ id: twin, familia: "termostatos", cantidad: 1 }] }).where(eq(baskets.id, basket.id));
    try {
      const reply = (await submit(form(), cookie)) as Reply;
      expect(reply.init?.status).toBe(409);
      expect(reply.data.formError).toContain(`El nuevo total es ${euros(thermostat.priceCents + 795)}`);
      expect(await countOrders(email)).toBe(0);
    } finally {
      await updateProduct(twin, { priceCents: original.priceCents });
    }
  });

  it("without JavaScript the 409 page keeps the form, with the basket as it is now (even a line to remove)", async () => {
    await ready;
    const email = "sinjs@example.com";
    const scarce = 7;
    const { cookie, form } = await customer(email, [{ id: scarce, familia: "calderas", cantidad: 1, opcion: "natural" }]);
    await updateProduct(scarce, { stock: 0 });
    try {
      // One document request: the action, then the page's loader, share the load context.
      const context = {};
      const post = new Request("http://localhost/carrito/pedido", { method: "POST", body: new URLSearchParams(form()), headers: { Cookie: cookie } });
      const reply = (await action({ request: post, params: {}, context } as never)) as unknown as Reply;
      expect(reply.init?.status).toBe(409);
      const page = await loader({ request: new Request("http://localhost/carrito/pedido", { headers: { Cookie: cookie } }), params: {}, context } as never);
      expect(page).toMatchObject({ mode: "editing", blocked: true });
      // A later visit is sent to the basket, as before, to remove the line.
      const later = await loader(args(new Request("http://localhost/carrito/pedido", { headers: { Cookie: cookie } }))).catch((e: unknown) => e);
      expect((later as Response).headers.get("Location")).toBe("/carrito");
    } finally {
      await updateProduct(scarce, { stock: 1 });
    }
  });

  it("a missing or altered total or lines field is a 400 asking to reload the page, never a 500", async () => {
    await ready;
    const email = "manipulado@example.com";
    const { cookie, form, hidden } = await customer(email, [{ id: PRICED_ID, familia: "termostatos", cantidad: 1 }]);
    const cases: Record<string, string>[] = [
      { total: "" },
      { total: "abc" },
      { total: "-100" },
      { total: "1e5" },
      { total: "12.5" },
      { total: "99999999999999999999" },
      { lineas: "" },
      { lineas: "ZZZZZZZZ" },
      { lineas: `${hidden.lineas}0` },
    ];
    for (const change of cases) {
      const reply = (await submit(form(change), cookie)) as Reply;
      expect(reply.init?.status, JSON.stringify(change)).toBe(400);
      expect(reply.data.formError).toBe(ORDER_MESSAGES.key);
    }
    const missing = new URLSearchParams(form());
    missing.delete("total");
    missing.delete("lineas");
    const reply = (await submit(missing, cookie)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.formError).toBe(ORDER_MESSAGES.key);
    // A well-formed but wrong total is indistinguishable from a price change: 409, not charged.
    const wrong = (await submit(form({ total: String(Number(hidden.total) - 1) }), cookie)) as Reply;
    expect(wrong.init?.status).toBe(409);
    expect(await countOrders(email)).toBe(0);
  });
});

describe("refused forms: 400 with the field errors, never 500", () => {
  it("invalid fields", async () => {
    await ready;
    const { cookie, form } = await customer("errores@example.com");
    const reply = (await submit(
      form({ "envio-id": "12345678A", "envio-cp": "60000", "envio-telefono": "12", "envio-nombre": "", condiciones: "" }),
      cookie,
    )) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.errors).toEqual({
      "envio-id": ORDER_MESSAGES.id,
      "envio-nombre": ORDER_MESSAGES.nombre,
      "envio-cp": ORDER_MESSAGES.cp,
      "envio-telefono": ORDER_MESSAGES.telefono,
      condiciones: ORDER_MESSAGES.terms,
    });
    expect(reply.data.values["envio-id"]).toBe("12345678A");
    expect(await countOrders("errores@example.com")).toBe(0);
  });

  it("card and Bizum, in testing", async () => {
    await ready;
    const { cookie, form } = await customer("tarjeta@example.com");
    for (const pago of ["tarjeta", "bizum"]) {
      const reply = (await submit(form({ pago }), cookie)) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.errors.pago).toBe(ORDER_MESSAGES.payment);
    }
  });

  it("a province other than Madrid when the basket holds a service (the area's provinces: SERVICE_POSTCODE_PREFIXES)", async () => {
    await ready;
    const { cookie, form } = await customer("toledo@example.com");
    const reply = (await submit(form({ "envio-provincia": "Toledo" }), cookie)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.errors["envio-provincia"]).toBe("La instalación y el mantenimiento solo se ofrecen en Madrid: elija Madrid.");
  });

  it("a postcode outside the service area when the basket holds a service: 400 on the postcode, nothing lost", async () => {
    await ready;
    const { cookie, form } = await customer("guadalajara@example.com");
    const reply = (await submit(form({ "envio-cp": "19001", "envio-poblacion": "Guadalajara" }), cookie)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.errors["envio-cp"]).toMatch(/^La instalación y el mantenimiento solo se ofrecen en la Comunidad de Madrid \(códigos postales que empiezan por 28\)/);
    expect(reply.data.values["envio-cp"]).toBe("19001");
    expect(reply.data.values["envio-poblacion"]).toBe("Guadalajara");
    expect(await countOrders("guadalajara@example.com")).toBe(0);
  });

  it("billing 'Otros' keeps its own address", async () => {
    await ready;
    const { cookie, form } = await customer("factura@example.com", [{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }]);
    const billing = Object.fromEntries(Object.entries(ADDRESS).map(([name, value]) => [name.replace("envio-", "factura-"), value]));
    const number = numberOf(
      await submit(
        form({
          ...billing,
          facturacion: "otros",
          "factura-id": "B12345674",
          "factura-empresa": "Reformas Ana S.L.",
          "factura-provincia": "Valencia",
          "factura-poblacion": "Valencia",
          "factura-cp": "46021",
          "envio-provincia": "Toledo",
          "envio-cp": "45001",
        }),
        cookie,
      ),
    );
    const { order } = await orderRow(number);
    expect(order!.addressSend).toMatchObject({ provincia: "Toledo", id: "12345678Z" });
    expect(order!.addressBill).toMatchObject({ provincia: "Valencia", id: "B12345674", empresa: "Reformas Ana S.L.", pais: "España" });
  });

  it("anonymous posts go to sign in", async () => {
    await ready;
    const { basket, form } = await customer("anonimo@example.com");
    const reply = await submit(form(), basket.cookie);
    expect(reply).toBeInstanceOf(Response);
    expect((reply as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("order e-mails", () => {
  it("reach the customer and the shop through a real SMTP server after the commit", async () => {
    await ready;
    vi.spyOn(console, "log").mockImplementation(() => {});
    await processDueEntries(50); // what earlier tests queued goes to .eml files
    const smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    resetMailTransport();
    try {
      const { cookie, form } = await customer("correo@example.com");
      const number = numberOf(await submit(form(), cookie));
      const { order } = await orderRow(number);
      expect(smtp.messages).toHaveLength(0); // nothing is sent inside the request
      await processDueEntries();

      // The number whole: "35-221126" is also the end of another order's "735-221126".
      const mentions = new RegExp(`(?<![0-9])${number}(?![0-9])`);
      const mine = smtp.messages.find((mail) => mentions.test(mail.subject ?? "") && mail.text?.startsWith("Hola"));
      expect(mine, "correo del cliente").toBeTruthy();
      const toText = (mail: typeof mine) => (Array.isArray(mail!.to) ? mail!.to : [mail!.to]).map((to) => to!.text).join();
      expect(toText(mine)).toBe("correo@example.com");
      const text = mine!.text ?? "";
      expect(text).toContain(`Número de pedido: ${number}`);
      expect(text).toContain(`- Instalación de caldera (Comunidad de Madrid): ${euros(30200)}`);
      expect(text).toContain(`Gastos de envío: ${euros(2790)}`);
      expect(text).toContain(`Total a pagar (IVA incluido): ${euros(order!.amountCents)}`);
      expect(text).toContain(`Total sin IVA: ${euros(Math.round(order!.amountCents / 1.21))}`);
      expect(text).toContain(`Titular: ${config().BANK_ACCOUNT_HOLDER}`);
      expect(text).toContain("IBAN: ES91 2100 0418 4502 0005 1332");
      expect(text).toContain(`Concepto: ${number}`);
      expect(text).toContain("14 días naturales");
      expect(text).toContain("Modelo de formulario de desistimiento");
      expect(text).toContain("Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato");
      expect(text).toContain(config().SHOP_ADDRESS);

      const shop = smtp.messages.find((mail) => mail.subject?.startsWith(`Nuevo pedido ${number}`));
      expect(shop, "copia de la tienda").toBeTruthy();
      expect(toText(shop)).toBe(config().SHOP_EMAIL);
      expect(shop!.text).toContain("correo@example.com");
      expect(shop!.text).toContain(`Concepto: ${number}`);
    } finally {
      await smtp.close();
    }
  });

  it("an SMTP server that is down neither loses nor blocks the order: the e-mail waits for a retry", async () => {
    const { db } = await ready;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const smtp = await startSmtpCapture();
    await smtp.close(); // nothing listens there now
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    resetMailTransport();
    const { cookie, form } = await customer("caido@example.com");
    const number = numberOf(await submit(form(), cookie));
    expect((await orderRow(number)).order).toBeTruthy();
    await processDueEntries();
    // The number whole: "35-221126" is also the end of another order's "735-221126".
    const mentions = new RegExp(`(?<![0-9])${number}(?![0-9])`);
    const pending = (await db.select().from(outbox)).filter((entry) => entry.kind === "email" && mentions.test(JSON.stringify(entry.payload)));
    expect(pending).toHaveLength(2);
    for (const entry of pending) expect(entry).toMatchObject({ status: "pending", attempts: 1 });
  });
});
