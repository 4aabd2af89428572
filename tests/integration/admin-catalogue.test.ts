import { and, count, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as basketLoader } from "~/routes/basket/basket";
import { loader as catalogueLoader } from "~/routes/catalogue/catalogue";
import { loader as demoImageLoader } from "~/routes/images/demo-image";
import { action as newAction, loader as newLoader } from "~/routes/catalogue/admin-product-new";
import { action as editAction, loader as editLoader } from "~/routes/catalogue/admin-product";
import { loader as listLoader } from "~/routes/catalogue/admin-products";
import { loader as exportLoader } from "~/routes/catalogue/admin-products-export";
import { action as importAction, loader as importLoader } from "~/routes/catalogue/admin-products-import";
import { loader as detailLoader } from "~/routes/catalogue/product-detail";
import { productFormValues } from "~/domain/catalogue/product-form";
import { auditLog, products } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { basketWith } from "../support/basket-utils";
import { register } from "../support/login-utils";

/*
 * Catalogue editing in the back office (issue 11): the list, creating, editing and hiding a
 * product, through the routes' loaders and actions; the shop and an open basket see it.
 * The CSV price list has its own file (admin-catalogue-csv.test.ts).
 */
const ready = setupTestDatabase();
const OWNER = "admin-catalogo@termoclima.test";
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie((await ready).db, OWNER);
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
type Page = Awaited<ReturnType<typeof editLoader>>;
type List = Awaited<ReturnType<typeof listLoader>>;

const list = async (query = "") => (await listLoader(args(adminRequest(`/admin/catalogo${query}`, cookie)))) as List;
const page = async (id: number, search = "") =>
  (await editLoader(args(adminRequest(`/admin/catalogo/${id}${search}`, cookie), { id: String(id) }))) as Page;
const save = (id: number, form: Record<string, string>, who = cookie) =>
  settle(() => editAction(args(adminRequest(`/admin/catalogo/${id}`, who, { intent: "guardar", ...form }), { id: String(id) })));
const create = (form: Record<string, string>, who = cookie) => settle(() => newAction(args(adminRequest("/admin/catalogo/nuevo", who, form))));

async function row(id: number) {
  const { db } = await ready;
  const [found] = await db.select().from(products).where(eq(products.id, id));
  return found!;
}

async function auditRows(id: number) {
  const { db } = await ready;
  return db.select().from(auditLog).where(and(eq(auditLog.entity, "producto"), eq(auditLog.entityId, String(id)))).orderBy(desc(auditLog.id));
}

const detailStatus = async (family: string, id: number) =>
  (await settle(() => detailLoader(args(new Request(`http://localhost/tienda/detalle/${family}/${id}`), { name: family, id: String(id) })))).status;

const NEW_AIR = {
  family: "aires",
  brand: "Daikin",
  model: "Perfera FTXM35R",
  type: "Split pared",
  price: "1.234,56",
  stock: "5",
  lowStockThreshold: "2",
  energyClass: "A+++",
  description: "Split de pared con filtro de partículas.",
  powerKw: "3,5",
  coolingCapacityFgh: "3010",
  refrigerant: "R-32",
  heatPump: "on",
  inverter: "on",
  "dimensionsIndoor-alto": "29,5",
  "dimensionsIndoor-ancho": "77,5",
  "dimensionsIndoor-fondo": "21,2",
};

describe("who may use the catalogue pages", () => {
  it("answers 404 to visitors and customers on every loader and action, and changes nothing", async () => {
    await ready;
    const customer = await register("cliente-catalogo@example.com");
    const before = await row(1);
    for (const who of ["", customer]) {
      const get = (path: string) => adminRequest(path, who);
      const post = (path: string, form: Record<string, string>) => adminRequest(path, who, form);
      const outcomes = await Promise.all([
        settle(() => listLoader(args(get("/admin/catalogo")))),
        settle(() => newLoader(args(get("/admin/catalogo/nuevo?familia=aires")))),
        settle(() => newAction(args(post("/admin/catalogo/nuevo", NEW_AIR)))),
        settle(() => editLoader(args(get("/admin/catalogo/1"), { id: "1" }))),
        settle(() => editAction(args(post("/admin/catalogo/1", { intent: "ocultar" }), { id: "1" }))),
        settle(() => editAction(args(post("/admin/catalogo/1", { intent: "guardar", price: "1,00" }), { id: "1" }))),
        settle(() => exportLoader(args(get("/admin/catalogo/exportar")))),
        settle(() => importLoader(args(get("/admin/catalogo/importar")))),
        settle(() => importAction(args(post("/admin/catalogo/importar", { intent: "comprobar", texto: "id;stock\n1;0" })))),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(outcomes.length).fill(404));
    }
    expect(await row(1)).toEqual(before);
  });
});

describe("/admin/catalogo", () => {
  it("lists the four families, hidden products too, searched and filtered on the server", async () => {
    const { db } = await ready;
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products);
    const all = await list();
    expect(all.totalCount).toBe(total);
    expect(all.rows).toHaveLength(Math.min(total, 25));
    expect(new Set((await list("?pagina=2")).rows.map((r) => r.family)).size).toBeGreaterThan(0);

    const baxi = await list("?q=baxi");
    expect(baxi.rows.length).toBeGreaterThan(0);
    expect(baxi.rows.every((r) => r.brand === "Baxi")).toBe(true);
    // Accents and case do not matter; every word must match somewhere.
    expect((await list("?q=CONDENSACION%20hermann")).rows.every((r) => r.brand === "Hermann" && r.type.includes("ondensación"))).toBe(true);
    expect((await list("?q=100%25")).totalCount).toBe(0);

    const thermostats = await list("?familia=termostatos");
    expect(thermostats.rows.every((r) => r.family === "termostatos" && ["Analógico", "Digital"].includes(r.typeLabel))).toBe(true);

    await db.update(products).set({ stock: 1, lowStockThreshold: 2 }).where(eq(products.id, 2));
    const low = await list("?stock=bajo");
    expect(low.rows.map((r) => r.id)).toContain(2);
    expect(low.rows.every((r) => r.stock <= r.lowStockThreshold && r.low)).toBe(true);

    await db.update(products).set({ active: false }).where(eq(products.id, 3));
    expect((await list("?visibilidad=ocultos")).rows.map((r) => r.id)).toEqual([3]);
    expect((await list("?visibilidad=visibles")).rows.map((r) => r.id)).not.toContain(3);
    await db.update(products).set({ active: true }).where(eq(products.id, 3));

    // Unknown values are ignored, never an error page.
    expect((await list("?familia=hornos&visibilidad=x&pagina=-3")).totalCount).toBe(total);
  });
});

describe("creating a product", () => {
  it("refuses an invalid form with Spanish messages per field (400) and saves nothing", async () => {
    const { db } = await ready;
    const [{ before } = { before: 0 }] = await db.select({ before: count() }).from(products);
    const refused = await create({ ...NEW_AIR, price: "12,345", energyClass: "", powerKw: "", brand: "" });
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors).toMatchObject({
      price: expect.stringContaining("Precio: escriba un importe en euros"),
      energyClass: "Elija la clase energética: es obligatoria para este producto.",
      powerKw: expect.stringContaining("potencia de refrigeración"),
      brand: "Escriba la marca.",
    });
    expect((refused.data as { values: Record<string, string> }).values.price).toBe("12,345");
    const [{ after } = { after: 0 }] = await db.select({ after: count() }).from(products);
    expect(after).toBe(before);
  });

  it("creates it with every field, a drawn placeholder of its family and an audit row; the shop shows it", async () => {
    const created = await create(NEW_AIR);
    expect(created.status).toBe(302);
    const id = Number(/\/admin\/catalogo\/(\d+)\?creado=1$/.exec(created.location ?? "")?.[1]);
    const stored = await row(id);
    expect(stored).toMatchObject({
      family: "aires",
      slug: "daikin-perfera-ftxm35r",
      priceCents: 123456,
      powerKw: 3.5,
      coolingCapacityFgh: 3010,
      heatPump: true,
      inverter: true,
      wifi: null,
      flowLpm: null,
      dimensionsIndoor: { alto: 29.5, ancho: 77.5, fondo: 21.2 },
      dimensionsOutdoor: null,
      lowStockThreshold: 2,
      active: true,
      image: "/imagenes/demo/daikin-perfera-ftxm35r-1.svg",
    });
    const [entry] = await auditRows(id);
    expect(entry).toMatchObject({ actor: OWNER, action: "creó el producto", before: null, after: expect.objectContaining({ priceCents: 123456 }) });

    expect(await detailStatus("aires", id)).toBe(200);
    const svg = (await demoImageLoader(args(new Request("http://localhost/imagenes/demo/daikin-perfera-ftxm35r-1.svg"), { file: "daikin-perfera-ftxm35r-1.svg" }))) as Response;
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain("Perfera");

    const again = await create(NEW_AIR);
    expect(again.status).toBe(400);
    expect((again.data as { errors: Record<string, string> }).errors.slug).toBe("Ya hay otro producto con esta dirección (slug). Escriba otra.");
  });
});

describe("editing a product", () => {
  it("a new price reaches the product page and an open basket at once; the audit row has only what moved", async () => {
    const { cookie: basket } = await basketWith([{ id: 4, familia: "calderas", cantidad: 1, opcion: "natural" }]);
    const shown = await page(4);
    const before = await row(4);
    const saved = await save(4, { ...shown.values, price: "999,99", version: shown.version });
    expect(saved).toMatchObject({ status: 302, location: "/admin/catalogo/4?guardado" });

    const after = await row(4);
    expect(after.priceCents).toBe(99999);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const detail = (await detailLoader(args(new Request("http://localhost/tienda/detalle/calderas/4"), { name: "calderas", id: "4" }))) as {
      product: { priceCents: number };
    };
    expect(detail.product.priceCents).toBe(99999);
    const inBasket = await basketLoader(args(new Request("http://localhost/carrito", { headers: { Cookie: basket } })));
    expect(inBasket.lines[0]).toMatchObject({ id: 4, priceCents: 99999 });

    const [entry] = await auditRows(4);
    expect(entry).toMatchObject({ actor: OWNER, action: "editó el producto" });
    expect([entry?.before, entry?.after]).toEqual([{ priceCents: before.priceCents }, { priceCents: 99999 }]);
    expect((await page(4, "?guardado")).notice).toContain("Cambios guardados");
  });

  it("a change saved by another instance shows in this one's shop at once, whatever its updated_at", async () => {
    const priceShown = async (id: number) => {
      const reply = await detailLoader(args(new Request(`http://localhost/tienda/detalle/calderas/${id}`), { name: "calderas", id: String(id) }));
      return reply.product.priceCents;
    };
    const { db } = await ready;
    expect(await priceShown(11)).not.toBe(77777);
    // Another instance's save: the same row change, nothing told to this process. Its
    // transaction began a minute ago, so its updated_at is older than the newest one.
    await db.update(products).set({ priceCents: 77777, updatedAt: sql`now() - interval '1 minute'` }).where(eq(products.id, 11));
    expect(await priceShown(11)).toBe(77777);
  });

  it("refuses with 409 a save over a change made meanwhile, and keeps the other change", async () => {
    const stale = await page(5);
    const fresh = await page(5);
    expect((await save(5, { ...fresh.values, stock: "9", version: fresh.version })).status).toBe(302);
    const refused = await save(5, { ...stale.values, price: "1,00", version: stale.version });
    expect(refused.status).toBe(409);
    expect((refused.data as { conflict: string }).conflict).toContain("Otra persona ha cambiado este producto");
    expect(await row(5)).toMatchObject({ stock: 9 });
    expect((await row(5)).priceCents).not.toBe(100);
  });

  it("issue 15: saves SEER, SCOP, sound power, the EPREL number and the F-gas flag, audited; the product page links to EPREL", async () => {
    const shown = await page(27);
    expect(shown.values).toMatchObject({ seer: "6,6", scop: "4", soundPowerDb: "62", eprelNumber: "441907", fgasNotSealed: "on" });
    const refused = await save(27, { ...shown.values, seer: "1,5", eprelNumber: "44-19", version: shown.version });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.data as { errors: object }).errors).sort()).toEqual(["eprelNumber", "seer"]);

    const saved = await save(27, { ...shown.values, seer: "6,8", soundPowerDb: "61,5", eprelNumber: "1500001", fgasNotSealed: "", version: shown.version });
    expect(saved.status).toBe(302);
    expect(await row(27)).toMatchObject({ seer: 6.8, scop: 4, soundPowerDb: 61.5, eprelNumber: "1500001", fgasNotSealed: false });
    const [entry] = await auditRows(27);
    expect([entry?.before, entry?.after]).toEqual([
      { seer: 6.6, soundPowerDb: 62, eprelNumber: "441907", fgasNotSealed: true },
      { seer: 6.8, soundPowerDb: 61.5, eprelNumber: "1500001", fgasNotSealed: false },
    ]);
    const detail = await detailLoader(args(new Request("http://localhost/tienda/detalle/aires/27"), { name: "aires", id: "27" }));
    expect(detail.eprel).toEqual({
      entry: "https://eprel.ec.europa.eu/screen/product/airconditioners/1500001",
      sheet: "https://eprel.ec.europa.eu/api/products/airconditioners/1500001/fiches?language=ES",
    });

    // A boiler has no SEER, SCOP or F-gas flag, whatever is posted.
    const boiler = await page(2);
    expect((await save(2, { ...boiler.values, seer: "7", scop: "4", fgasNotSealed: "on", eprelNumber: "", version: boiler.version })).status).toBe(302);
    expect(await row(2)).toMatchObject({ seer: null, scop: null, fgasNotSealed: false, eprelNumber: null, soundPowerDb: 50 });
    const boilerPage = await detailLoader(args(new Request("http://localhost/tienda/detalle/calderas/2"), { name: "calderas", id: "2" }));
    expect(boilerPage.eprel).toBeNull();
  });

  it("answers 400 with field messages, 404 for a product that does not exist; the family stays", async () => {
    const shown = await page(6);
    const refused = await save(6, { ...shown.values, stock: "-2", previousPrice: "1", version: shown.version });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.data as { errors: object }).errors).sort()).toEqual(["previousPrice", "stock"]);
    expect((await save(6, { ...shown.values, family: "termostatos", version: shown.version })).status).toBe(302);
    expect((await row(6)).family).toBe("calderas");
    expect((await settle(() => editLoader(args(adminRequest("/admin/catalogo/99999", cookie), { id: "99999" })))).status).toBe(404);
    expect((await settle(() => editLoader(args(adminRequest("/admin/catalogo/abc", cookie), { id: "abc" })))).status).toBe(404);
    expect((await save(99999, { ...shown.values, version: shown.version })).status).toBe(404);
  });

  it("a new slug renames the drawn pictures; another product's slug is refused", async () => {
    const shown = await page(7);
    const taken = (await row(8)).slug;
    const clash = await save(7, { ...shown.values, slug: taken, version: shown.version });
    expect((clash.data as { errors: Record<string, string> }).errors.slug).toContain("Ya hay otro producto");
    expect((await save(7, { ...shown.values, slug: "caldera-renombrada", version: shown.version })).status).toBe(302);
    expect(await row(7)).toMatchObject({ slug: "caldera-renombrada", image: "/imagenes/demo/caldera-renombrada-1.svg" });
  });

  it("hiding takes the product off the shop and out of baskets' prices; showing brings it back", async () => {
    const { cookie: basket } = await basketWith([{ id: 9, familia: "calderas", cantidad: 1, opcion: "natural" }]);
    const hide = await settle(() => editAction(args(adminRequest("/admin/catalogo/9", cookie, { intent: "ocultar" }), { id: "9" })));
    expect(hide).toMatchObject({ status: 302, location: "/admin/catalogo/9?oculto" });
    expect(await detailStatus("calderas", 9)).toBe(404);
    const boilers = (await catalogueLoader(args(new Request("http://localhost/tienda/calderas/calderas-condensacion?porPagina=100")))) as unknown as {
      data: { page: { items: { id: number }[] } };
    };
    expect(boilers.data.page.items.map((p) => p.id)).not.toContain(9);
    const inBasket = await basketLoader(args(new Request("http://localhost/carrito", { headers: { Cookie: basket } })));
    expect(inBasket.lines[0]?.problem?.kind).toBe("missing");
    expect((await auditRows(9))[0]).toMatchObject({ action: "ocultó el producto de la tienda", before: { active: true }, after: { active: false } });
    // The admin list still has it, and its drawn picture (the list's thumbnail) still draws.
    expect((await list("?visibilidad=ocultos")).rows.map((r) => r.id)).toContain(9);
    const file = (await row(9)).image.split("/").pop()!;
    const svg = (await demoImageLoader(args(new Request(`http://localhost/imagenes/demo/${file}`), { file }))) as Response;
    expect(svg.status).toBe(200);

    await settle(() => editAction(args(adminRequest("/admin/catalogo/9", cookie, { intent: "mostrar" }), { id: "9" })));
    expect(await detailStatus("calderas", 9)).toBe(200);
    expect((await auditRows(9))[0]?.action).toBe("mostró el producto en la tienda");
  });

  it("the form shows what is stored", async () => {
    const shown = await page(1);
    expect(shown.values).toEqual(productFormValues(await row(1)));
    expect(shown.version).toMatch(/^\d+$/);
  });
});
