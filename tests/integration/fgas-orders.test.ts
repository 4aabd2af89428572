import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FGAS_MESSAGES } from "~/domain/orders/fgas-fields";
import type { BasketLine } from "~/domain/catalogue/product";
import { action, loader } from "~/routes/orders/checkout";
import { resetConfigForTests } from "~/server/config.server";
import { fgasDeclarations } from "~/server/db/schema-fgas.server";
import { orders, outbox, products } from "~/server/db/schema.server";
import { withFgasPdf, type FgasMail } from "~/server/orders/fgas-email.server";
import { fgasDocument, listOverdueDeclarations, loadFgasView, readCertificate, saveCertificate, saveInstaller } from "~/server/orders/fgas.server";
import { setupTestDatabase } from "../db-utils";
import { signUp as signUpFrom } from "../support/auth-utils";
import { basketWith } from "../support/basket-utils";
import { pdfText } from "../support/pdf-text";

/*
 * Issue 15, decision 0012: a split bought without our installation needs the buyer's F-gas
 * declaration, stored with the order in its transaction, attached as a PDF to the e-mails;
 * the installer's details and certificate come later; the back office lists what is overdue.
 */

const ready = setupTestDatabase();
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "gases-"));
resetConfigForTests();

let accounts = 0;
function signUp(email: string): Promise<string> {
  accounts += 1;
  return signUpFrom(email, "claveSegura123", "Cliente", `10.15.${accounts}.1`);
}

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

const ADDRESS = {
  "envio-id": "12345678Z",
  "envio-nombre": "Marta",
  "envio-apellidos": "Ruiz Ortega",
  "envio-empresa": "",
  "envio-direccion": "Calle de Toledo 20",
  "envio-poblacion": "Getafe",
  "envio-provincia": "Madrid",
  "envio-cp": "28901",
  "envio-telefono": "600 111222",
  facturacion: "igual",
  pago: "transferencia",
  condiciones: "acepto",
};

const DECLARATION = { "gf-nombre": "Marta Ruiz Ortega", "gf-nif": "12345678Z", "gf-compromiso": "acepto" };

type Reply = { init?: ResponseInit; data: { errors: Record<string, string>; values: Record<string, string> } };

async function aSplit(): Promise<{ id: number; name: string }> {
  const { db } = await ready;
  const [row] = await db
    .select({ id: products.id, brand: products.brand, model: products.model })
    .from(products)
    .where(and(eq(products.family, "aires"), eq(products.fgasNotSealed, true), eq(products.active, true)))
    .orderBy(products.id)
    .limit(1);
  if (!row) throw new Error("el catálogo de prueba no tiene splits");
  return { id: row.id, name: `${row.brand} ${row.model}` };
}

async function openOrderPage(cookie: string) {
  const page = await loader(args(new Request("http://localhost/carrito/pedido", { headers: { Cookie: cookie } })));
  if (page.mode !== "editing") throw new Error("se esperaba el formulario");
  return page;
}

async function customer(email: string, lines: BasketLine[]) {
  const session = await signUp(email);
  const basket = await basketWith(lines);
  const cookie = `${session}; ${basket.cookie}`;
  const page = await openOrderPage(cookie);
  const hidden = { clave: randomUUID(), total: String(page.quote.totalCents), lineas: page.quote.lines };
  return { cookie, page, form: (overrides: Record<string, string> = {}) => ({ ...ADDRESS, ...hidden, ...overrides }) };
}

async function submit(fields: Record<string, string>, cookie: string): Promise<Response | Reply> {
  const request = new Request("http://localhost/carrito/pedido", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });
  try {
    return (await action(args(request))) as unknown as Reply;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function orderOf(reply: Response | Reply) {
  if (!(reply instanceof Response)) throw new Error(`se esperaba una redirección: ${JSON.stringify(reply)}`);
  const number = decodeURIComponent((reply.headers.get("Location") ?? "").split("pedido=")[1] ?? "");
  const { db } = await ready;
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  if (!order) throw new Error(`no existe el pedido ${number}`);
  return order;
}

describe("a split without our installation", () => {
  it("asks for the declaration on the order screen, and refuses the order without it (400, nothing lost)", async () => {
    const split = await aSplit();
    const { cookie, page, form } = await customer("sin-declaracion@example.com", [{ id: split.id, familia: "aires", cantidad: 1 }]);
    expect(page.fgas?.equipment).toEqual([split.name]);
    expect(page.fgas?.statement[0]).toContain(`del equipo ${split.name}`);

    const reply = (await submit(form({ "gf-nombre": "Marta Ruiz", "gf-empresa": "Frío Sur S.L." }), cookie)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.errors).toEqual({ "gf-nif": FGAS_MESSAGES.idEmpty, "gf-compromiso": FGAS_MESSAGES.commitment });
    expect(reply.data.values["gf-nombre"]).toBe("Marta Ruiz");
    expect(reply.data.values["gf-empresa"]).toBe("Frío Sur S.L.");
    expect(reply.data.values["envio-cp"]).toBe("28901");
  });

  it("stores it with the order, and the e-mails carry it as a PDF", async () => {
    const { db } = await ready;
    const split = await aSplit();
    const { cookie, form } = await customer("con-declaracion@example.com", [{ id: split.id, familia: "aires", cantidad: 1 }]);
    const before = new Date();
    const order = await orderOf(await submit(form({ ...DECLARATION, "gf-empresa": "Frío Sur S.L." }), cookie));
    const [row] = await db.select().from(fgasDeclarations).where(eq(fgasDeclarations.orderId, order.id));
    expect(row).toMatchObject({ declarantName: "Marta Ruiz Ortega", declarantId: "12345678Z", installerName: "Frío Sur S.L.", installerId: "", certificate: null });
    expect(row!.declaredAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const mails = (await db.select().from(outbox).where(eq(outbox.kind, "email"))).map((entry) => entry.payload as FgasMail).filter((mail) => mail.attachFgasDeclaration === order.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual(["con-declaracion@example.com", "info@termoclima.example"].sort());
    const sent = await withFgasPdf(db, mails[0]!);
    expect(sent).not.toHaveProperty("attachFgasDeclaration");
    const [attachment] = sent.attachments ?? [];
    expect(attachment).toMatchObject({ filename: `declaracion-gases-fluorados-${order.number}.pdf`, contentType: "application/pdf" });
    const text = await pdfText(Buffer.from(attachment!.content, "base64"));
    expect(text).toContain("Marta Ruiz Ortega");
    expect(text).toContain(split.name);
    expect(text).toContain(order.number);
    expect(text).toContain("Frío Sur S.L.");
    expect(sent.text).toContain("Le adjuntamos en PDF la declaración");
  });

  it("is not asked for when our installation comes with the split", async () => {
    const split = await aSplit();
    const lines: BasketLine[] = [
      { id: split.id, familia: "aires", cantidad: 1 },
      { id: 2, familia: "instalaciones", cantidad: 1, provincia: "madrid" },
    ];
    const { db } = await ready;
    const { cookie, page, form } = await customer("instalado@example.com", lines);
    expect(page.fgas).toBeNull();
    const order = await orderOf(await submit(form(), cookie));
    expect(await db.select().from(fgasDeclarations).where(eq(fgasDeclarations.orderId, order.id))).toEqual([]);
  });

  it("the installation of a split outside the service area is refused on the postcode; the same split alone is sold there", async () => {
    const split = await aSplit();
    const outside = { "envio-cp": "08001", "envio-poblacion": "Barcelona", "envio-provincia": "Barcelona" };
    const installed = await customer("barcelona-instalado@example.com", [
      { id: split.id, familia: "aires", cantidad: 1 },
      { id: 2, familia: "instalaciones", cantidad: 1, provincia: "madrid" },
    ]);
    const refused = (await submit(installed.form({ ...outside, "envio-provincia": "Madrid" }), installed.cookie)) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors["envio-cp"]).toMatch(/solo se ofrecen en la Comunidad de Madrid \(códigos postales que empiezan por 28\)/);

    const alone = await customer("barcelona-solo@example.com", [{ id: split.id, familia: "aires", cantidad: 1 }]);
    const order = await orderOf(await submit(alone.form({ ...outside, ...DECLARATION }), alone.cookie));
    expect(order.addressSend.cp).toBe("08001");
  });
});

describe("after the order", () => {
  it("takes the installer's details and certificate, and leaves the overdue list", async () => {
    const { db } = await ready;
    const split = await aSplit();
    const { cookie, form } = await customer("despues@example.com", [{ id: split.id, familia: "aires", cantidad: 1 }]);
    const order = await orderOf(await submit(form(DECLARATION), cookie));

    expect(await saveInstaller(db, order.id, { installerName: "Clima Norte S.L.", installerId: "B12345674", installerRegistration: "RGF-28-1234" })).toBe(true);
    const view = await loadFgasView(db, order);
    expect(view).toMatchObject({ installer: { installerName: "Clima Norte S.L.", installerRegistration: "RGF-28-1234" }, certificate: null, overdue: false });
    expect((await fgasDocument(db, order.id))?.installationAddress.join(" ")).toContain("Getafe");

    // The legal period runs out: a year and a day after the declaration.
    const later = new Date(Date.now() + 366 * 24 * 3600 * 1000);
    expect((await listOverdueDeclarations(db, later)).map((row) => row.number)).toContain(order.number);
    expect((await listOverdueDeclarations(db)).map((row) => row.number)).not.toContain(order.number);
    expect((await loadFgasView(db, order, later))?.overdue).toBe(true);

    const pdf = new TextEncoder().encode("%PDF-1.7 certificado");
    expect(await saveCertificate(db, order.id, { bytes: pdf, name: "certificado.pdf", type: "application/pdf" })).toBe(true);
    expect(await readCertificate(db, order.id)).toMatchObject({ name: "certificado.pdf", type: "application/pdf" });
    expect(Buffer.from((await readCertificate(db, order.id))!.bytes).toString()).toBe("%PDF-1.7 certificado");
    expect((await listOverdueDeclarations(db, later)).map((row) => row.number)).not.toContain(order.number);
  });
});
