import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as photoLoader } from "~/routes/images/photo-image";
import { action as photosAction, loader as photosLoader } from "~/routes/catalogue/admin-product-photos";
import { findProduct } from "~/server/catalogue/catalogue.server";
import { publicShopInfo } from "~/server/config.server";
import { auditLog, imageVariants, images, orderLines, products } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { register } from "../support/login-utils";
import { insertOrder } from "../support/my-orders-fixtures";

/*
 * A product's photos in the back office (issue 11): upload, check, strip, resize, serve,
 * reorder, choose the main one and remove, through the route's loader and action.
 */
const ready = setupTestDatabase();
const OWNER = "admin-fotos@termoclima.test";
let cookie = "";
let productId = 0;

beforeAll(async () => {
  const { db } = await ready;
  cookie = await adminCookie(db, OWNER);
  const [first] = await db.select().from(products).where(eq(products.family, "calderas")).orderBy(asc(products.id)).limit(1);
  productId = first!.id;
});

const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;
type Page = Awaited<ReturnType<typeof photosLoader>>;
type Reply = { ok: boolean; message?: string; error?: string; rejected: { name: string; reason: string }[] };

const page = async () => (await photosLoader(args(adminRequest(`/admin/catalogo/${productId}/fotos`, cookie), { id: String(productId) }))) as Page;

function uploadRequest(files: File[], who = cookie, id = productId): Request {
  const base = publicShopInfo().baseUrl;
  const form = new FormData();
  form.append("intent", "upload");
  for (const file of files) form.append("fotos", file);
  return new Request(`${base}/admin/catalogo/${id}/fotos`, { method: "POST", headers: { Cookie: who, Origin: base }, body: form });
}

const upload = (files: File[], who = cookie) => settle(() => photosAction(args(uploadRequest(files, who), { id: String(productId) })));
const change = (intent: string, imageId: number, who = cookie) =>
  settle(() => photosAction(args(adminRequest(`/admin/catalogo/${productId}/fotos`, who, { intent, imageId: String(imageId) }), { id: String(productId) })));

async function fetchPhoto(file: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${publicShopInfo().baseUrl}/imagenes/fotos/${file}`, { headers });
  const outcome = await settle(async () => photoLoader(args(request, { file })));
  if (outcome.status === 404) return new Response(null, { status: 404 });
  return (await photoLoader(args(request, { file }))) as Response;
}

const jpegWithGps = () =>
  sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#3366aa" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Fotocam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 0/1" } })
    .toBuffer();
const png = () => sharp({ create: { width: 700, height: 700, channels: 4, background: "#ffaa00" } }).png().toBuffer();
const asFile = (bytes: Uint8Array, name: string, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });

async function productRow() {
  const { db } = await ready;
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  return row!;
}

async function auditActions() {
  const { db } = await ready;
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "producto"), eq(auditLog.entityId, String(productId))))
    .orderBy(asc(auditLog.id));
  return rows;
}

describe("who may use it", () => {
  it("answers the ordinary 404 to visitors and customers, on the loader and every action", async () => {
    const customer = await register("mirona@example.com");
    const params = { id: String(productId) };
    for (const who of ["", customer]) {
      expect((await settle(() => photosLoader(args(adminRequest(`/admin/catalogo/${productId}/fotos`, who), params)))).status).toBe(404);
      expect((await upload([asFile(await png(), "a.png", "image/png")], who)).status).toBe(404);
      for (const intent of ["up", "down", "main", "remove"]) expect((await change(intent, 1, who)).status).toBe(404);
    }
    expect((await productRow()).photos).toEqual([]);
    expect(await auditActions()).toEqual([]);
  });
});

describe("uploading", () => {
  it("adds checked, stripped, resized photos; the shop shows them; the log says who", async () => {
    const before = await productRow();
    expect(before.image).toMatch(/^\/imagenes\/demo\//);
    const reply = await upload([asFile(await jpegWithGps(), "salon.jpg"), asFile(await png(), "detalle.png", "image/png")]);
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ ok: true, message: "2 fotos añadidas.", rejected: [] });

    const row = await productRow();
    expect(row.photos).toHaveLength(2);
    const [main, second] = row.photos;
    expect(main).toMatchObject({ width: 1600, height: 1067, widths: [320, 640, 960, 1280, 1600] });
    expect(second).toMatchObject({ width: 700, height: 700, widths: [320, 700] });
    expect(row.image).toBe(`/imagenes/fotos/${main!.imageId}-640.jpg`);
    expect(row.images).toEqual([row.image, `/imagenes/fotos/${second!.imageId}-700.jpg`]);
    expect(row.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    const shown = await findProduct(row.family, productId);
    expect(shown?.photos).toEqual(row.photos);

    const [entry] = await auditActions();
    expect(entry).toMatchObject({ actor: OWNER, action: "fotos.subir", before: { fotos: [] } });
    expect(entry!.after).toEqual({ fotos: [main!.imageId, second!.imageId], archivos: ["salon.jpg", "detalle.png"] });

    // Every width, every format; no camera data left.
    for (const width of main!.widths) {
      for (const [ext, type] of [["avif", "image/avif"], ["webp", "image/webp"], ["jpg", "image/jpeg"]] as const) {
        const response = await fetchPhoto(`${main!.imageId}-${width}.${ext}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe(type);
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect(meta.width).toBe(width);
        expect(meta.exif).toBeUndefined();
      }
    }
    const page1 = await page();
    expect(page1.photos.map((p) => p.imageId)).toEqual([main!.imageId, second!.imageId]);
  });

  it("refuses a file that is not a JPEG, PNG or WebP by its content, naming it, and keeps the good ones", async () => {
    const start = (await productRow()).photos.length;
    const fake = asFile(new TextEncoder().encode("<html>no soy una foto</html>"), "factura.jpg");
    const only = await upload([fake]);
    expect(only.status).toBe(400);
    expect(only.data).toMatchObject({ ok: false, error: "Ninguna foto se ha podido añadir." });
    expect((only.data as Reply).rejected).toEqual([{ name: "factura.jpg", reason: "no es una imagen JPEG, PNG o WebP que podamos leer." }]);
    const mixed = await upload([fake, asFile(await png(), "bueno.png", "image/png")]);
    expect(mixed.data).toMatchObject({ ok: true, message: "1 foto añadida." });
    expect((mixed.data as Reply).rejected).toHaveLength(1);
    expect((await productRow()).photos).toHaveLength(start + 1);
  });

  it("answers 413 to a file over 15 MB and to more than six files, with the page's message", async () => {
    const start = (await productRow()).photos.length;
    const big = await upload([asFile(new Uint8Array(15_000_001), "enorme.jpg")]);
    expect(big.status).toBe(413);
    expect(big.data).toMatchObject({ ok: false, error: "El archivo «enorme.jpg» pasa del máximo de 15 MB." });
    const many = await upload(Array.from({ length: 7 }, (_, i) => asFile(new Uint8Array(10), `f${i}.jpg`)));
    expect(many.status).toBe(413);
    expect(many.data).toMatchObject({ error: "Puede subir como máximo 6 archivos a la vez." });
    const none = await upload([]);
    expect(none.status).toBe(400);
    expect((await productRow()).photos).toHaveLength(start);
  });
});

describe("arranging the gallery", () => {
  it("moves, promotes and removes photos, keeping image and images in step, each change audited", async () => {
    const ids = (await productRow()).photos.map((p) => p.imageId);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = ids as [number, number, number];

    expect((await change("down", a)).data).toMatchObject({ ok: true, message: "Foto movida." });
    expect((await productRow()).photos.map((p) => p.imageId).slice(0, 3)).toEqual([b, a, c]);
    await change("up", c);
    expect((await productRow()).photos.map((p) => p.imageId).slice(0, 3)).toEqual([b, c, a]);
    expect((await change("main", a)).data).toMatchObject({ message: "Foto principal cambiada." });
    const row = await productRow();
    expect(row.photos.map((p) => p.imageId).slice(0, 3)).toEqual([a, b, c]);
    expect(row.image).toBe(`/imagenes/fotos/${a}-640.jpg`);
    expect(row.images[0]).toBe(row.image);

    // A photo an order still shows stays stored; one nothing uses goes with its copies.
    const { db } = await ready;
    await register("compradora@example.com");
    const order = await insertOrder(db, { email: "compradora@example.com" }, { number: "TC-FOTO-1" });
    await db.update(orderLines).set({ image: `/imagenes/fotos/${b}-640.jpg` }).where(eq(orderLines.orderId, (order as { id: number }).id));
    expect((await change("remove", b)).data).toMatchObject({ message: "Foto quitada." });
    expect((await change("remove", c)).status).toBe(200);
    expect(await db.select({ id: images.id }).from(images).where(eq(images.id, b))).toHaveLength(1);
    expect(await db.select({ id: images.id }).from(images).where(eq(images.id, c))).toHaveLength(0);
    expect(await db.select({ w: imageVariants.width }).from(imageVariants).where(eq(imageVariants.imageId, c))).toHaveLength(0);
    expect((await fetchPhoto(`${c}-320.webp`)).status).toBe(404);
    expect((await fetchPhoto(`${b}-320.webp`)).status).toBe(200);

    // A stale page (the photo is gone) gets 409, not a 500.
    expect((await change("main", c)).status).toBe(409);
    expect((await change("up", 0)).status).toBe(400);

    const actions = (await auditActions()).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["fotos.ordenar", "fotos.principal", "fotos.quitar"]));
    expect(actions.filter((action) => action === "fotos.quitar")).toHaveLength(2);
  });

  it("gives the demo drawings back when the last photo goes", async () => {
    for (const photo of (await productRow()).photos) await change("remove", photo.imageId);
    const row = await productRow();
    expect(row.photos).toEqual([]);
    expect(row.image).toBe(`/imagenes/demo/${row.slug}-1.svg`);
    expect(row.images).toHaveLength(3);
  });

  it("answers 404 for a product that does not exist, 400 for a photo id past the database's integers", async () => {
    for (const id of ["999999", "9999999999", "abc"]) {
      const missing = await settle(() => photosLoader(args(adminRequest(`/admin/catalogo/${id}/fotos`, cookie), { id })));
      expect(missing.status, id).toBe(404);
    }
    const huge = await settle(() =>
      photosAction(args(adminRequest(`/admin/catalogo/${productId}/fotos`, cookie, { intent: "main", imageId: "99999999999" }), { id: String(productId) })),
    );
    expect(huge.status).toBe(400);
  });
});

describe("serving /imagenes/fotos", () => {
  it("answers 304 to a matching ETag and 404 to an unknown or malformed name", async () => {
    await upload([asFile(await png(), "etag.png", "image/png")]);
    const [photo] = (await productRow()).photos;
    const first = await fetchPhoto(`${photo!.imageId}-320.avif`);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetchPhoto(`${photo!.imageId}-320.avif`, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    for (const name of [`${photo!.imageId}-321.avif`, "999999-320.jpg", `${photo!.imageId}-320.png`, "x.jpg"]) {
      expect((await fetchPhoto(name)).status, name).toBe(404);
    }
  });
});
