import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "~/domain/dates/madrid-dates";
import { action as detailAction, loader as detailLoader } from "~/routes/orders/order-detail";
import { config, publicShopInfo, resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { withdrawals } from "~/server/orders/orders-schema.server";
import { resetMailTransport } from "~/server/mail.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries } from "~/server/outbox.server";
import { setupTestDatabase } from "../db-utils";
import { loadLogin, register } from "../support/login-utils";
import { DAY_MS, insertOrder } from "../support/my-orders-fixtures";
import { startSmtpCapture } from "../support/smtp-capture";

const ready = setupTestDatabase();

const ANA = "ana.pedidos@example.com";
const BETO = "beto.pedidos@example.com";
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const { db } = await ready;
  cookies.ana = await register(ANA, "claveDeAna123");
  cookies.beto = await register(BETO, "claveDeBeto123");
  await insertOrder(db, { email: ANA }, { number: "1111-10126", createdAt: new Date(Date.now() - 10 * DAY_MS) });
  await insertOrder(db, { email: ANA }, {
    number: "2222-20126",
    createdAt: new Date(Date.now() - DAY_MS),
    lines: [
      { brand: "Daikin", model: "Sensira FTXF25E", type: "Split", family: "aires", priceCents: 69900 },
      { brand: "Instalación", model: "Aire acondicionado", family: "instalaciones", priceCents: 30200, region: "madrid" },
    ],
  });
  await insertOrder(db, { email: ANA }, { number: "3333-10925", createdAt: new Date(Date.now() - 40 * DAY_MS), status: "Pagado" });
  await insertOrder(db, { email: BETO }, { number: "4444-30126", createdAt: new Date(Date.now() - 2 * DAY_MS) });
});

type Thrown = { init?: ResponseInit | null };

async function openOrder(number: string, who: "ana" | "beto" | null, search = "") {
  const request = new Request(`http://localhost/login/pedidos/${number}${search}`, {
    headers: who ? { Cookie: cookies[who]! } : {},
  });
  try {
    return { data: await detailLoader({ request, params: { number }, context: {} } as never), status: 200, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { data: null, status: thrown.status, location: thrown.headers.get("Location") };
    return { data: null, status: (thrown as Thrown).init?.status ?? 500, location: null };
  }
}

type WithdrawReply = { data: { kind: string; at?: string; deadline?: string }; init?: ResponseInit | null };

async function withdraw(number: string, who: "ana" | "beto", reason = "") {
  const base = publicShopInfo().baseUrl;
  const request = new Request(`${base}/login/pedidos/${number}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies[who]!, Origin: base },
    body: new URLSearchParams({ intent: "desistir", motivo: reason }),
  });
  try {
    return (await detailAction({ request, params: { number }, context: {} } as never)) as unknown as WithdrawReply;
  } catch (thrown) {
    return { data: { kind: "thrown" }, init: (thrown as Thrown).init };
  }
}

async function emailsAbout(number: string) {
  const { db } = await ready;
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'subject' like ${"%" + number + "%"}`));
  return rows.map((row) => row.payload as { to: string; subject: string; text: string });
}

describe("Mis Pedidos", () => {
  it("lists only the signed-in user's orders: the second user gets nothing of the first", async () => {
    await ready;
    const beto = await loadLogin("", cookies.beto);
    expect(beto.data).toMatchObject({ signedIn: true, email: BETO });
    const betoOrders = (beto.data as { orders: { number: string }[] }).orders;
    expect(betoOrders.map((o) => o.number)).toEqual(["4444-30126"]);
    expect(JSON.stringify(beto.data)).not.toMatch(/1111-10126|2222-20126|3333-10925/);
  });

  it("shows the columns of the spec, newest first", async () => {
    await ready;
    const ana = await loadLogin("", cookies.ana);
    const orders = (ana.data as { orders: Record<string, unknown>[] }).orders;
    expect(orders.map((o) => o.number)).toEqual(["2222-20126", "1111-10126", "3333-10925"]);
    expect(orders[0]).toEqual({
      number: "2222-20126",
      status: "Pendiente de Pago",
      date: formatDate(new Date(Date.now() - DAY_MS)),
      addressSend: "Calle Mayor 1, 2º B, 28013 Madrid",
      payMethod: "Transferencia bancaria",
      products: ["Daikin Sensira FTXF25E", "Instalación Aire acondicionado"],
      amountCents: 69900 + 30200 + 1995,
      withdrawn: false,
      // Nothing recorded by the back office yet (installation day, carrier): admin-order-status.test.ts.
      statusNote: null,
    });
    expect(orders[0]!.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe("one order", () => {
  it("is shown to its owner with lines, totals, addresses and the transfer details", async () => {
    await ready;
    const { data } = await openOrder("1111-10126", "ana");
    const order = data!.order;
    expect(order.lines).toEqual([
      { name: "Saunier Duval Thelia Condens 25", type: "Condensación", gas: "natural", region: null, priceCents: 129900 },
    ]);
    expect(order.amountCents).toBe(131895);
    expect(order.withoutVatCents).toBe(Math.round(131895 / 1.21));
    expect(order.addressSend).toEqual(["Lucía García Pérez", "Calle Mayor 1, 2º B", "28013 Madrid", "España"]);
    expect(order.transfer).toEqual({
      holder: config().BANK_ACCOUNT_HOLDER,
      iban: "ES91 2100 0418 4502 0005 1332",
      concept: "1111-10126",
    });
    expect(order.withdrawal.kind).toBe("open");
  });

  it("shows no transfer details once paid", async () => {
    await ready;
    const { data } = await openOrder("3333-10925", "ana");
    expect(data!.order.status).toBe("Pagado");
    expect(data!.order.transfer).toBeNull();
  });

  it("answers 404 for someone else's order and for an unknown number", async () => {
    await ready;
    expect((await openOrder("1111-10126", "beto")).status).toBe(404);
    expect((await openOrder("4444-30126", "ana")).status).toBe(404);
    expect((await openOrder("9999-99999", "ana")).status).toBe(404);
    expect((await openOrder("x'; drop", "ana")).status).toBe(404);
  });

  it("sends an anonymous visitor to /login and back", async () => {
    await ready;
    const { status, location } = await openOrder("1111-10126", null);
    expect(status).toBe(302);
    expect(location).toBe("/login?redirectTo=%2Flogin%2Fpedidos%2F1111-10126");
  });

  it("sends them back to the page, not to React Router's data address, after a client-side navigation", async () => {
    await ready;
    // React Router 8 hands the loader the raw request of a client-side navigation.
    const { status, location } = await openOrder("1111-10126.data", null, "?_routes=root%2Croutes%2Forders%2Forder-detail");
    expect(status).toBe(302);
    expect(location).toBe("/login?redirectTo=%2Flogin%2Fpedidos%2F1111-10126");
  });

  it("has a confirmation step for the withdrawal without JavaScript (?desistir)", async () => {
    await ready;
    expect((await openOrder("1111-10126", "ana", "?desistir=1")).data?.confirming).toBe(true);
    expect((await openOrder("1111-10126", "ana")).data?.confirming).toBe(false);
  });
});

describe("withdrawal (Directive 2023/2673)", () => {
  it("is recorded once, with an acknowledgement to the customer and a notice to the shop", async () => {
    const { db } = await ready;
    const first = await withdraw("2222-20126", "ana", "Me he equivocado de modelo");
    expect(first.data.kind).toBe("recorded");
    expect(first.data.at).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);

    const rows = await db.select().from(withdrawals);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userEmail: ANA, reason: "Me he equivocado de modelo" });

    const mails = await emailsAbout("2222-20126");
    expect(mails.map((m) => m.to).sort()).toEqual([ANA, config().SHOP_EMAIL].sort());
    const ack = mails.find((m) => m.to === ANA)!;
    expect(ack.subject).toContain("acuse de recibo");
    expect(ack.text).toContain(first.data.at!);
    expect(ack.text).toContain("Me he equivocado de modelo");
    expect(mails.find((m) => m.to !== ANA)!.text).toContain(ANA);

    // Repeated: a polite answer, nothing recorded or sent twice.
    const second = await withdraw("2222-20126", "ana", "otra vez");
    expect(second.data).toEqual({ kind: "already", at: first.data.at });
    expect(await db.select().from(withdrawals)).toHaveLength(1);
    expect(await emailsAbout("2222-20126")).toHaveLength(2);

    // The order now says so, in the list and on its page.
    const list = (await loadLogin("", cookies.ana)).data as { orders: { number: string; withdrawn: boolean }[] };
    expect(list.orders.find((o) => o.number === "2222-20126")?.withdrawn).toBe(true);
    const page = await openOrder("2222-20126", "ana");
    expect(page.data!.order.withdrawal).toMatchObject({ kind: "requested", reason: "Me he equivocado de modelo" });
  });

  it("is refused after the period, and for someone else's order", async () => {
    const { db } = await ready;
    const late = await withdraw("3333-10925", "ana");
    expect(late.data.kind).toBe("expired");
    expect(late.init?.status).toBe(409);
    expect((await openOrder("3333-10925", "ana")).data!.order.withdrawal.kind).toBe("expired");

    const foreign = await withdraw("1111-10126", "beto");
    expect(foreign.init?.status).toBe(404);
    const recorded = await db.select({ orderId: withdrawals.orderId }).from(withdrawals);
    expect(recorded).toHaveLength(1);
    expect(await emailsAbout("3333-10925")).toHaveLength(0);
    expect(await emailsAbout("1111-10126")).toHaveLength(0);
  });

  describe("delivery", () => {
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      process.env.SMTP_URL = smtp.url;
      resetConfigForTests();
      resetMailTransport();
      registerOutboxHandlers();
    });
    afterAll(async () => {
      delete process.env.SMTP_URL;
      resetConfigForTests();
      resetMailTransport();
      await smtp.close();
    });

    it("the acknowledgement reaches the customer's mailbox", async () => {
      await ready;
      while ((await processDueEntries()) > 0) {
        // send everything due
      }
      const ack = smtp.messages.find((m) => m.subject?.includes("2222-20126") && m.subject.includes("acuse de recibo"));
      expect(ack?.to).toMatchObject({ text: ANA });
      expect(ack?.text).toContain("Solicitud recibida el");
    });
  });
});
