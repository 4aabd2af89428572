import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addProductPhotos, changeProductPhotos } from "~/server/catalogue/product-photos.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { images, imageVariants } from "~/server/images/images-schema.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { processImage } from "~/server/images/image-pipeline.server";
import { deleteImageIfUnused, readVariant, saveImage } from "~/server/images/image-store.server";
import { getSiteMedia, saveSlot } from "~/server/site/site-media.server";
import { twoInstances } from "../support/pg-instances";

/**
 * Uploaded pictures on PostgreSQL (issue 11): stored by one instance as bytea, served by
 * another, and the home page's slots read by the other. Needs
 * TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de imágenes ***\n");

describe.skipIf(!url)("pictures on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    instances = await twoInstances(url!, "imagenes");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  const jpeg = (colour: string) => sharp({ create: { width: 1000, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();

  it("one instance stores the copies; the other serves the same bytes", async () => {
    const processed = await processImage(await jpeg("#336699"));
    const stored = await saveImage(instances.first.db, processed, "salon.jpg");
    expect(stored.widths).toEqual([320, 640, 1000]);
    installDatabaseHandle(instances.second);
    try {
      for (const variant of processed.variants) {
        const served = await readVariant(stored.imageId, variant.width, variant.format);
        expect(Buffer.from(served!.bytes).equals(variant.bytes), `${variant.width} ${variant.format}`).toBe(true);
      }
      expect(await readVariant(stored.imageId, 1600, "avif")).toBeNull();
    } finally {
      installDatabaseHandle(instances.first);
    }
    // Nothing uses it (no product, no slot, no order line): it goes, with its copies.
    expect(await deleteImageIfUnused(instances.first.db, stored.imageId)).toBe(true);
    expect(await instances.second.db.select().from(images).where(eq(images.id, stored.imageId))).toEqual([]);
    expect(await instances.second.db.select().from(imageVariants).where(eq(imageVariants.imageId, stored.imageId))).toEqual([]);
  });

  it("a carousel photo saved on one instance is read by the other, with its widths", async () => {
    installDatabaseHandle(instances.second);
    try {
      const now = Date.now();
      expect((await getSiteMedia(now)).carrusel[1]).toBeUndefined();
      await saveSlot(instances.first.db, { email: "duena@termoclima.test" }, { area: "carrusel", position: 1, caption: "Cocina" }, {
        name: "cocina.jpg",
        bytes: await jpeg("#aa6633"),
      });
      const later = await getSiteMedia(now + 2_001);
      expect(later.carrusel[1]).toMatchObject({ caption: "Cocina", image: { width: 1000, height: 600, widths: [320, 640, 1000] } });
    } finally {
      installDatabaseHandle(instances.first);
    }
  });

  it("a product's photos: two owners uploading at once both land, then one is removed", async () => {
    const [product] = await instances.first.db
      .insert(products)
      .values({ family: "termostatos", slug: "prueba-fotos", brand: "Prueba", model: "Fotos", type: "Termostato", priceCents: 10_000, description: "x", image: "/imagenes/demo/prueba-fotos-1.svg" })
      .returning();
    const actor = { email: "duena@termoclima.test" };
    const [a, b] = await Promise.all([
      addProductPhotos(instances.first.db, actor, product!.id, [{ name: "a.jpg", bytes: await jpeg("#111111") }]),
      addProductPhotos(instances.second.db, actor, product!.id, [{ name: "b.jpg", bytes: await jpeg("#222222") }]),
    ]);
    expect([a.ok, b.ok]).toEqual([true, true]);
    const [row] = await instances.second.db.select().from(products).where(eq(products.id, product!.id));
    expect(row!.photos).toHaveLength(2);
    expect(row!.images).toEqual(row!.photos.map((photo) => `/imagenes/fotos/${photo.imageId}-640.jpg`));
    const removed = row!.photos[1]!.imageId;
    expect(await changeProductPhotos(instances.second.db, actor, product!.id, { kind: "remove", imageId: removed })).toBe("ok");
    expect(await instances.first.db.select().from(images).where(eq(images.id, removed))).toEqual([]);
    // Still in the gallery: kept.
    expect(await deleteImageIfUnused(instances.first.db, row!.photos[0]!.imageId)).toBe(false);
  });
});
