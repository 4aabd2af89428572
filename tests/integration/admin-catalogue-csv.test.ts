import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PriceListPlan } from "~/domain/catalogue/price-list";
import { loader as basketLoader } from "~/routes/basket/basket";
import { loader as exportLoader } from "~/routes/catalogue/admin-products-export";
import { action as importAction, loader as importLoader } from "~/routes/catalogue/admin-products-import";
import { publicShopInfo } from "~/server/config.server";
import { auditLog, products } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { basketWith } from "../support/basket-utils";

/*
 * The catalogue's CSV price list (issue 11): export, a dry run line by line, and the import in
 * one transaction (all or nothing), through the routes' loader and action.
 */
const ready = setupTestDatabase();
const OWNER = "admin-catalogo@termoclima.test";
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie((await ready).db, OWNER);
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
type DryRun = { plan: PriceListPlan; text: string; fingerprint: string; conflict?: string };

/** The import form as the browser posts it: multipart, with the file when there is one. */
function importRequest(fields: Record<string, string>, file?: { bytes: Uint8Array<ArrayBuffer> | string; name: string }): Request {
  const base = publicShopInfo().baseUrl;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("archivo", new File([file.bytes], file.name, { type: "text/csv" }));
  return new Request(`${base}/admin/catalogo/importar`, { method: "POST", headers: { Cookie: cookie, Origin: base }, body: form });
}

const check = (csv: string) => settle(() => importAction(args(importRequest({ intent: "comprobar" }, { bytes: csv, name: "lista.csv" }))));
const apply = (dryRun: DryRun) =>
  settle(() => importAction(args(importRequest({ intent: "aplicar", texto: dryRun.text, huella: dryRun.fingerprint }))));

async function rows(ids: number[]) {
  const { db } = await ready;
  const found = await db.select().from(products).where(inArray(products.id, ids));
  return new Map(found.map((row) => [row.id, row]));
}

async function auditFor(id: number) {
  const { db } = await ready;
  return db.select().from(auditLog).where(and(eq(auditLog.entity, "producto"), eq(auditLog.entityId, String(id))));
}

describe("/admin/catalogo/exportar", () => {
  it("downloads every product, hidden ones too, as a Spanish spreadsheet reads it", async () => {
    const { db } = await ready;
    await db.update(products).set({ active: false }).where(eq(products.id, 20));
    const response = (await exportLoader(args(adminRequest("/admin/catalogo/exportar", cookie)))) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("id;familia;marca;modelo;precio;precio_anterior;stock;umbral_stock;visible");
    const all = await db.select().from(products);
    expect(lines.filter(Boolean)).toHaveLength(all.length + 1);
    const twenty = all.find((p) => p.id === 20)!;
    expect(lines).toContain(
      `20;termostatos;${twenty.brand};${twenty.model};${(twenty.priceCents / 100).toFixed(2).replace(".", ",")};${
        twenty.previousPriceCents === null ? "" : (twenty.previousPriceCents / 100).toFixed(2).replace(".", ",")
      };${twenty.stock};${twenty.lowStockThreshold};no`,
    );
    await db.update(products).set({ active: true }).where(eq(products.id, 20));
  });
});

describe("/admin/catalogo/importar", () => {
  it("a dry run changes nothing and shows each line's change; applying changes all of it, with an audit row each", async () => {
    const before = await rows([10, 11, 12]);
    const { cookie: basket } = await basketWith([{ id: 10, familia: "calderas", cantidad: 1, opcion: "natural" }]);
    // Separated by ",", prices quoted, as a spreadsheet in English would write it.
    const csv = `id,precio,stock,visible\r\n10,"1.111,11",7,sí\r\n11,${(before.get(11)!.priceCents / 100).toFixed(2)},${before.get(11)!.stock},sí\r\n12,2222.22,0,no\r\n`;
    const checked = await check(csv);
    expect(checked.status).toBe(200);
    const dryRun = checked.data as DryRun;
    expect(dryRun.plan.errors).toEqual([]);
    expect(dryRun.plan.unchanged).toBe(1);
    expect(dryRun.plan.changed.map((line) => [line.line, line.id, line.changes.map((c) => [c.field, c.after])])).toEqual([
      [2, 10, [["priceCents", 111111], ["stock", 7]]],
      [4, 12, [["priceCents", 222222], ["stock", 0], ["active", false]]],
    ]);
    expect(await rows([10, 11, 12])).toEqual(before);

    const applied = await apply(dryRun);
    expect(applied).toMatchObject({ status: 302, location: "/admin/catalogo/importar?aplicado=2" });
    const after = await rows([10, 12]);
    expect(after.get(10)).toMatchObject({ priceCents: 111111, stock: 7, active: true });
    expect(after.get(12)).toMatchObject({ priceCents: 222222, stock: 0, active: false });
    expect((await auditFor(10)).map((entry) => [entry.actor, entry.action, entry.before, entry.after])).toEqual([
      [OWNER, "cambió el producto con la lista de precios (CSV)", { priceCents: before.get(10)!.priceCents, stock: before.get(10)!.stock }, { priceCents: 111111, stock: 7 }],
    ]);
    expect(await auditFor(11)).toEqual([]);
    const inBasket = await basketLoader(args(new Request("http://localhost/carrito", { headers: { Cookie: basket } })));
    expect(inBasket.lines[0]).toMatchObject({ id: 10, priceCents: 111111 });
    expect(await importLoader(args(adminRequest("/admin/catalogo/importar?aplicado=2", cookie)))).toEqual({ applied: 2 });
  });

  it("names wrong lines by number; applying a list with errors is refused and changes nothing", async () => {
    const before = await rows([13, 14]);
    const csv = "id;precio;stock\n13;99,00;3\n9999;1,00;1\n14;doce;2\n14;1,00;-1\n13;1,00\n";
    const dryRun = (await check(csv)).data as DryRun;
    expect(dryRun.plan.errors).toEqual([
      { line: 3, message: "No existe ningún producto con el id 9999." },
      { line: 4, message: "Precio «doce» no válido: escriba un importe en euros mayor que 0, por ejemplo 1.234,56." },
      { line: 5, message: "El producto 14 ya aparece en la línea 4." },
      { line: 6, message: "La línea tiene 2 columnas y la cabecera 3." },
    ]);
    const refused = await apply(dryRun);
    expect(refused.status).toBe(400);
    expect(await rows([13, 14])).toEqual(before);
  });

  it("refuses (409) to apply when a product changed after the dry run, or the list is not the one checked", async () => {
    const { db } = await ready;
    const dryRun = (await check("id;stock\n15;40\n16;41\n")).data as DryRun;
    await db.update(products).set({ stock: 3, updatedAt: new Date(Date.now() + 1000) }).where(eq(products.id, 16));
    const refused = await apply(dryRun);
    expect(refused.status).toBe(409);
    expect((refused.data as DryRun).conflict).toContain("no se ha aplicado nada");
    expect((await rows([15, 16])).get(15)?.stock).not.toBe(40);
    // The answer carries the list checked again: applying that one works.
    const again = await apply(refused.data as DryRun);
    expect(again.status).toBe(302);
    const now = await rows([15, 16]);
    expect([now.get(15)?.stock, now.get(16)?.stock]).toEqual([40, 41]);

    const tampered = await apply({ ...dryRun, text: "id;stock\n15;0\n" });
    expect(tampered.status).toBe(409);
  });

  it("reads a Windows spreadsheet's file (Windows-1252), a pasted list, and refuses an empty one", async () => {
    const latin1 = Uint8Array.from([...Buffer.from("id;modelo;stock\n17;Cald", "latin1"), 0xe9, ...Buffer.from(";5\n", "latin1")]);
    const fromFile = await settle(() => importAction(args(importRequest({ intent: "comprobar" }, { bytes: latin1, name: "lista.csv" }))));
    expect((fromFile.data as DryRun).text).toBe("id;modelo;stock\n17;Caldé;5\n");
    expect((fromFile.data as DryRun).plan.errors).toEqual([]);

    const pasted = await settle(() => importAction(args(importRequest({ intent: "comprobar", texto: "id;stock\r\n18;6" }))));
    expect((pasted.data as DryRun).plan.changed[0]).toMatchObject({ id: 18, changes: [{ field: "stock", after: 6 }] });

    const empty = await settle(() => importAction(args(importRequest({ intent: "comprobar", texto: "  " }))));
    expect(empty).toMatchObject({ status: 400, data: { error: "Elija un archivo CSV o pegue la lista en el cuadro de texto." } });
  });
});
