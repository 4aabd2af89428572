import { and, asc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { exemptionText } from "~/domain/invoices/invoice-amounts";
import { formatEuros, withoutVatCents } from "~/domain/money";
import type { BasketLine } from "~/domain/catalogue/product";
import { action, loader } from "~/routes/orders/checkout";
import { loader as pdfLoader } from "~/routes/invoices/order-invoice-pdf";
import { invoices, orderLines, orders, outbox } from "~/server/db/schema.server";
import { loadMyOrder } from "~/server/orders/my-orders.server";
import { loadAdminOrder } from "~/server/orders/order-detail.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { recordTransferRefund } from "~/server/payments/refunds.server";
import type { SessionUser } from "~/server/session.server";
import { setupTestDatabase } from "../db-utils";
import { signUp as signUpFrom } from "../support/auth-utils";
import { BOILER_ID, BOILER_WITH_SERVICES, basketWith, productRow, THERMOSTAT_ID } from "../support/basket-utils";
import { pdfText } from "../support/pdf-text";

/**
 * Issue 13, decision 0009: an order delivered to the Canary Islands, Ceuta or Melilla is
 * charged without Spanish VAT. Through the checkout's own loader and action: the page shows
 * the basket with VAT (no address yet); the post with a 35xxx postcode is refused with the
 * totals without VAT, confirmed again, stored as charged; paid, its invoice is at 0 % with
 * the exemption's reference, base = total, and lines that add up with no adjustment.
 */
const ready = setupTestDatabase();
const NOW = new Date("2031-05-12T10:00:00Z");
const owner = { email: "duena@termoclima.test" };
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

let accounts = 0;
function signUp(email: string): Promise<string> {
  accounts += 1;
  return signUpFrom(email, "claveSegura123", "Cliente", `10.13.${accounts}.1`);
}

const LAS_PALMAS = {
  "envio-id": "12345678Z",
  "envio-nombre": "Carmen",
  "envio-apellidos": "Santana Déniz",
  "envio-empresa": "",
  "envio-direccion": "Calle Triana 20",
  "envio-poblacion": "Las Palmas de Gran Canaria",
  "envio-provincia": "Las Palmas",
  "envio-cp": "35001",
  "envio-telefono": "928 123456",
};

type Reply = { init?: ResponseInit; data: { errors: Record<string, string>; formError?: string; basket?: { totals: Record<string, unknown>; quote: { totalCents: number; lines: string }; lines: { priceCents: number }[] } } };

async function submit(fields: Record<string, string>, cookie: string): Promise<Response | Reply> {
  const request = new Request("http://localhost/carrito/pedido", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });
  try {
    return (await action(args(request))) as unknown as Reply;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function refusal(reply: Response | Reply): Reply {
  if (reply instanceof Response) throw new Error(`se esperaba una negativa, no ${reply.status} ${reply.headers.get("Location")}`);
  return reply;
}

function numberOf(reply: Response | Reply): string {
  if (!(reply instanceof Response)) throw new Error(`se esperaba una redirección: ${JSON.stringify(reply.data)}`);
  return decodeURIComponent((reply.headers.get("Location") ?? "").split("=")[1]!);
}

/** A signed-in customer whose order page is open: the hidden fields it carries, with VAT. */
async function customer(email: string, lines: BasketLine[] = [{ id: BOILER_ID, familia: "calderas", cantidad: 1, opcion: "natural" }]) {
  const session = await signUp(email);
  const basket = await basketWith(lines);
  const cookie = `${session}; ${basket.cookie}`;
  const page = await loader(args(new Request("http://localhost/carrito/pedido", { headers: { Cookie: cookie } })));
  if (page.mode !== "editing") throw new Error("se esperaba el formulario");
  const form = (overrides: Record<string, string> = {}) => ({
    ...LAS_PALMAS,
    facturacion: "igual",
    pago: "transferencia",
    condiciones: "acepto",
    clave: page.idempotencyKey,
    total: String(page.quote.totalCents),
    lineas: page.quote.lines,
    ...overrides,
  });
  return { cookie, session, page, form };
}


describe("an order to Las Palmas de Gran Canaria (35001)", () => {
  it("is shown with VAT, refused with the totals without VAT, confirmed again, invoiced at 0 % with the exemption", async () => {
    const { db } = await ready;
    const boiler = await productRow(BOILER_ID);
    const net = withoutVatCents(boiler.priceCents);
    const netShipping = withoutVatCents(1995);
    const { cookie, session, page, form } = await customer("canarias@example.com");
    expect(page.totals).toMatchObject({ totalCents: boiler.priceCents + 1995, vatExempt: false });

    // The page showed VAT; the postcode is in Canarias: refused, with what will be charged.
    const first = refusal(await submit(form(), cookie));
    expect(first.init?.status).toBe(409);
    expect(first.data.formError).toBe(
      `Los envíos a Canarias no llevan IVA español (exportación exenta, art. 21 de la Ley 37/1992): los artículos y los gastos de envío se cobran sin IVA. El nuevo total es ${formatEuros(net + netShipping)}. Revise el resumen y confirme de nuevo el pedido.`,
    );
    const shown = first.data.basket!;
    expect(shown.totals).toMatchObject({ totalCents: net + netShipping, shippingCents: netShipping, withoutVatCents: net + netShipping, vatCents: 0, vatExempt: true });
    expect(shown.lines.map((line) => line.priceCents)).toEqual([net]);
    expect(shown.quote.totalCents).toBe(net + netShipping);
    expect(await db.select().from(orders).where(eq(orders.userEmail, "canarias@example.com"))).toEqual([]);

    // Confirmed again with the totals shown: the order is what was shown.
    const number = numberOf(await submit(form({ total: String(shown.quote.totalCents), lineas: shown.quote.lines }), cookie));
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    expect(order).toMatchObject({ amountCents: net + netShipping, shippingCents: netShipping, addressSend: { cp: "35001", provincia: "Las Palmas" } });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((line) => line.priceCents)).toEqual([net]);
    expect(lines.reduce((sum, line) => sum + line.priceCents, 0) + order!.shippingCents).toBe(order!.amountCents);

    // The e-mail and the pages say there is no VAT, never "IVA incluido".
    const [mail] = (await db.select().from(outbox).orderBy(asc(outbox.id))).filter((entry) => (entry.payload as { to: string }).to === "canarias@example.com");
    const text = (mail!.payload as { text: string }).text;
    expect(text).toContain(`Total a pagar: ${formatEuros(net + netShipping)}, sin IVA (exento, art. 21 Ley 37/1992): envío a Canarias.`);
    expect(text).not.toContain("IVA incluido");
    const confirmed = await loader(args(new Request(`http://localhost/carrito/pedido?pedido=${number}`, { headers: { Cookie: session } })));
    if (confirmed.mode !== "confirmed") throw new Error("se esperaba la confirmación");
    expect(confirmed.totals).toEqual({ shippingCents: netShipping, totalCents: net + netShipping, withoutVatCents: net + netShipping, vatExempt: true });
    const user = { id: order!.userId!, email: order!.userEmail } as SessionUser;
    expect(await loadMyOrder(user, number)).toMatchObject({ amountCents: net + netShipping, withoutVatCents: net + netShipping, vatExempt: true });
    expect(await loadAdminOrder(db, number)).toMatchObject({ withoutVatCents: net + netShipping, vatExempt: true });

    // Paid by transfer: the invoice at 0 %, base = total, the exemption's reference.
    const moved = await moveOrderStatus(db, owner, number, { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: "2031-05-12", bankReference: "TRF-CAN" } }, NOW);
    expect(moved.ok).toBe(true);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    expect(invoice).toMatchObject({
      series: "F",
      vatRate: 0,
      baseCents: net + netShipping,
      vatCents: 0,
      totalCents: net + netShipping,
      exemption: exemptionText("canarias"),
      buyer: { name: "Carmen Santana Déniz", nif: "12345678Z" },
    });
    expect(invoice!.lines.map((line) => [line.baseCents, line.vatRate])).toEqual([
      [net, 0],
      [netShipping, 0],
    ]);
    expect(invoice!.lines.some((line) => line.description.startsWith("Ajuste"))).toBe(false);

    // Its PDF, as the customer downloads it: rate 0 % and the exemption's text.
    const href = `/login/pedidos/${number}/facturas/${invoice!.number}`;
    const pdf = (await pdfLoader({ request: new Request(`http://localhost:3000${href}`, { headers: { cookie: session } }), params: { number, invoice: invoice!.number }, context: {} } as never)) as Response;
    expect(pdf.status).toBe(200);
    const pdfWords = await pdfText(await pdf.arrayBuffer());
    expect(pdfWords).toContain("0 %");
    expect(pdfWords).toContain("Operación exenta de IVA: entrega de bienes con destino a Canarias");
    expect(pdfWords).toContain("artículo 21 de la Ley 37/1992");
    expect(pdfWords).not.toContain("21 %");

    // A partial refund, then the cancellation: rectifying invoices at 0 %, with the exemption, no VAT taken out.
    const refunded = await recordTransferRefund(db, owner, { orderId: order!.id, amountCents: 5000, refundedOn: "2031-05-12", reference: "DEV-CAN", reason: "Embalaje dañado" });
    expect(refunded.ok).toBe(true);
    await moveOrderStatus(db, owner, number, { from: "Pagado", to: "Cancelado", details: { reason: "El cliente lo anuló" } }, NOW);
    const rectifying = await db.select().from(invoices).where(and(eq(invoices.orderId, order!.id), eq(invoices.series, "R"))).orderBy(asc(invoices.id));
    expect(rectifying.map((row) => [row.totalCents, row.baseCents, row.vatCents, row.vatRate, row.exemption])).toEqual([
      [-5000, -5000, 0, 0, exemptionText("canarias")],
      [-(net + netShipping - 5000), -(net + netShipping - 5000), 0, 0, exemptionText("canarias")],
    ]);
    expect(rectifying[0]!.lines).toEqual([{ description: `Devolución parcial (${formatEuros(5000)}, exenta de IVA)`, quantity: 1, unitBaseCents: -5000, baseCents: -5000, vatRate: 0 }]);
  });

  it("Ceuta and Melilla too; back to the peninsula, the VAT comes back with its own message", async () => {
    const { db } = await ready;
    const thermostat = await productRow(THERMOSTAT_ID);
    const { cookie, form } = await customer("ceuta@example.com", [{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }]);
    const ceuta = { "envio-cp": "51001", "envio-poblacion": "Ceuta", "envio-provincia": "Cádiz" };
    const refused = refusal(await submit(form(ceuta), cookie));
    expect(refused.data.formError).toMatch(/^Los envíos a Ceuta no llevan IVA español/);
    const exempt = refused.data.basket!.quote;
    expect(exempt.totalCents).toBe(withoutVatCents(thermostat.priceCents) + withoutVatCents(795));

    // The customer changes the address to Madrid after seeing the prices without VAT.
    const back = refusal(await submit(form({ total: String(exempt.totalCents), lineas: exempt.lines, "envio-cp": "28013", "envio-provincia": "Madrid", "envio-poblacion": "Madrid" }), cookie));
    expect(back.init?.status).toBe(409);
    expect(back.data.formError).toBe(`Los envíos a la Península y Baleares llevan IVA: el nuevo total, IVA incluido, es ${formatEuros(thermostat.priceCents + 795)}. Revise el resumen y confirme de nuevo el pedido.`);
    expect(back.data.basket!.totals).toMatchObject({ totalCents: thermostat.priceCents + 795, vatExempt: false });

    const melilla = { "envio-cp": "52001", "envio-poblacion": "Melilla", "envio-provincia": "Málaga" };
    const number = numberOf(await submit(form({ ...melilla, total: String(exempt.totalCents), lineas: exempt.lines, clave: randomUUID() }), cookie));
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    expect(order!.amountCents).toBe(exempt.totalCents);
  });

  it("installation and maintenance never go there: a 35xxx postcode is refused on the field, nothing is ordered", async () => {
    const { db } = await ready;
    const { cookie, form } = await customer("servicio-canarias@example.com", BOILER_WITH_SERVICES);
    const reply = refusal(await submit(form({ "envio-provincia": "Madrid" }), cookie));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.errors).toEqual({
      "envio-cp":
        "La instalación y el mantenimiento solo se ofrecen en la Comunidad de Madrid (códigos postales que empiezan por 28): escriba un código postal de esa zona o quite la instalación y el mantenimiento del carrito.",
    });
    expect(await db.select().from(orders).where(eq(orders.userEmail, "servicio-canarias@example.com"))).toEqual([]);
  });
});
