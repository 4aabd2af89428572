import { describe, expect, it } from "vitest";
import { loader as noteLoader } from "~/routes/orders/admin-delivery-note";
import { loader as pdfLoader } from "~/routes/orders/admin-delivery-note-pdf";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { pdfText } from "../support/pdf-text";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/*
 * The delivery note of an order (issue 30): the page to print and its PDF, with the goods and
 * their quantities, with prices or without them when asked; only for an administrator.
 */
const ready = setupTestDatabase();
const args = (request: Request, number: string) => ({ request, params: { number }, context: {} }) as never;

async function order() {
  const { db } = await ready;
  const product = await insertProduct(db, { stock: 10, model: "Albarán Termostato" });
  return insertTestOrder(db, { number: "7001-281126", email: "albaran@example.com", createdAt: new Date(), productIds: [product.id, product.id], serviceIds: [4] });
}

describe("an order's delivery note", () => {
  it("the page: two units on one line, the installation noted apart; the PDF with and without prices", async () => {
    const { db } = await ready;
    const placed = await order();
    const cookie = await adminCookie(db, "albaranes@termoclima.test");
    const page = await settle(() => noteLoader(args(adminRequest(`/admin/pedidos/${placed.number}/albaran`, cookie), placed.number)));
    expect(page.status).toBe(200);
    const { note } = page.data as { note: { lines: Array<{ description: string; quantity: number }>; hasServices: boolean; prices: unknown } };
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({ quantity: 2 });
    expect(note.lines[0]!.description).toMatch(/Albarán Termostato/);
    expect(note.hasServices).toBe(true);
    expect(note.prices).toEqual({ totalCents: placed.amountCents, shippingCents: 795 });

    const withPrices = await pdfLoader(args(adminRequest(`/admin/pedidos/${placed.number}/albaran.pdf`, cookie), placed.number));
    expect(withPrices.headers.get("Content-Type")).toBe("application/pdf");
    expect(withPrices.headers.get("Content-Disposition")).toBe(`inline; filename="albaran-${placed.number}.pdf"`);
    const text = await pdfText(await withPrices.arrayBuffer());
    expect(text).toContain("ALBARÁN DE ENTREGA");
    expect(text).toContain(`Pedido ${placed.number}`);
    expect(text).toMatch(/Cantidad Descripción Precio unidad Importe 2 Honeywell Albarán Termostato \(Inteligente\) 99,00 € 198,00 €/);
    expect(text).toContain("Total del pedido (IVA incluido)");
    expect(text).toContain("Recibí conforme");
    expect(text).toContain("La instalación o el mantenimiento del pedido se hacen en el domicilio");

    const bare = await pdfLoader(args(adminRequest(`/admin/pedidos/${placed.number}/albaran.pdf?precios=no`, cookie), placed.number));
    const bareText = await pdfText(await bare.arrayBuffer());
    expect(bareText).toMatch(/Albarán Termostato/);
    expect(bareText).not.toContain("€");
    expect(bareText).not.toContain("Precio unidad");
  });

  it("an unknown order is a 404; nobody but an administrator sees a note", async () => {
    const { db } = await ready;
    const cookie = await adminCookie(db, "albaranes-2@termoclima.test");
    expect((await settle(() => noteLoader(args(adminRequest("/admin/pedidos/9999-010101/albaran", cookie), "9999-010101")))).status).toBe(404);
    expect((await settle(() => pdfLoader(args(new Request("http://localhost/admin/pedidos/7001-281126/albaran.pdf"), "7001-281126")))).status).toBe(404);
  });
});
