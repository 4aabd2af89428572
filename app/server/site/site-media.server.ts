import { and, eq, inArray } from "drizzle-orm";
import { EMPTY_SITE_MEDIA, slotTarget, type SiteArea, type SiteMedia, type SiteSlot } from "~/domain/site/site-media";
import { audit, type Actor } from "../audit.server";
import { config } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { getDb } from "../db/db.server";
import { images, imageVariants } from "../images/images-schema.server";
import { siteMedia } from "./site-schema.server";
import { processImage } from "../images/image-pipeline.server";
import { deleteImageIfUnused, saveImage } from "../images/image-store.server";
import { log } from "../log.server";
import { processCopy } from "../process-copy.server";

/*
 * The home page's carousel and brand strip as the owner set them (table site_media). Every
 * visit to the home page reads them, so the process keeps them like the flags: read again when
 * older than FLAG_CACHE_MS (2 s), so a change shows on every instance within that and a query.
 */

type Executor = Pick<Database, "select" | "selectDistinct">;

export async function readSiteSlots(db: Executor): Promise<SiteSlot[]> {
  const rows = await db
    .select({
      area: siteMedia.area,
      position: siteMedia.position,
      caption: siteMedia.caption,
      imageId: siteMedia.imageId,
      width: images.width,
      height: images.height,
    })
    .from(siteMedia)
    .innerJoin(images, eq(images.id, siteMedia.imageId))
    .orderBy(siteMedia.area, siteMedia.position);
  if (rows.length === 0) return [];
  const widths = await db
    .selectDistinct({ imageId: imageVariants.imageId, width: imageVariants.width })
    .from(imageVariants)
    .where(inArray(imageVariants.imageId, rows.map((row) => row.imageId)))
    .orderBy(imageVariants.imageId, imageVariants.width);
  return rows.map(({ area, position, caption, ...image }) => ({
    area,
    position,
    caption,
    image: { ...image, widths: widths.filter((w) => w.imageId === image.imageId).map((w) => w.width) },
  }));
}

export function toSiteMedia(slots: SiteSlot[]): SiteMedia {
  const media: SiteMedia = { carrusel: {}, marcas: {} };
  for (const slot of slots) media[slot.area][slot.position] = { caption: slot.caption, image: slot.image };
  return media;
}

const copy = processCopy<SiteMedia>({
  read: () => getDb().then(readSiteSlots).then(toSiteMedia),
  maxAgeMs: () => config().FLAG_CACHE_MS,
  onError(error, last) {
    // The home page keeps its last pictures, or the demo ones, while the database is away.
    log("sitio").error({ err: error }, "no se pudieron leer las imágenes de la página de inicio");
    return last ?? EMPTY_SITE_MEDIA;
  },
});

/** The home page's pictures, from the process's copy when it is fresh. */
export function getSiteMedia(now = Date.now()): Promise<SiteMedia> {
  return copy.get(now);
}

export function forgetCachedSiteMedia(): void {
  copy.forget();
}

async function lockSlot(tx: Transaction, area: SiteArea, position: number) {
  const [row] = await tx
    .select()
    .from(siteMedia)
    .where(and(eq(siteMedia.area, area), eq(siteMedia.position, position)))
    .for("update");
  return row ?? null;
}

const ACTION_NAMES: Record<SiteArea, string> = { carrusel: "carrusel", marcas: "marcas" };

/**
 * Puts the owner's picture (when `file` is given) and caption in a slot. A slot still showing
 * the demo needs a picture ("needs-image"). The picture it replaces is deleted.
 */
export async function saveSlot(
  db: Database,
  actor: Actor,
  slot: { area: SiteArea; position: number; caption: string },
  file: { name: string; bytes: Uint8Array } | null,
): Promise<"ok" | "needs-image"> {
  // Slow (seconds), so before the transaction; ImageRejected goes up to the action.
  const processed = file ? await processImage(file.bytes) : null;
  const outcome = await db.transaction(async (tx) => {
    const before = await lockSlot(tx, slot.area, slot.position);
    if (!before && !processed) return "needs-image" as const;
    const imageId = processed ? (await saveImage(tx, processed, file?.name ?? "")).imageId : before!.imageId;
    const values = { area: slot.area, position: slot.position, imageId, caption: slot.caption, updatedAt: new Date() };
    await tx
      .insert(siteMedia)
      .values(values)
      .onConflictDoUpdate({ target: [siteMedia.area, siteMedia.position], set: { imageId, caption: slot.caption, updatedAt: values.updatedAt } });
    if (before && before.imageId !== imageId) await deleteImageIfUnused(tx, before.imageId);
    await audit(tx, actor, {
      action: `${ACTION_NAMES[slot.area]}.${processed ? "imagen" : "texto"}`,
      entity: "sitio",
      entityId: slotTarget(slot.area, slot.position),
      before: before ? { imagen: before.imageId, texto: before.caption } : { imagen: "muestra" },
      after: { imagen: imageId, texto: slot.caption, ...(file ? { archivo: file.name.slice(0, 200) } : {}) },
    });
    return "ok" as const;
  });
  forgetCachedSiteMedia();
  return outcome;
}

/** Gives a slot its demo drawing back; "already": it was showing the demo. */
export async function restoreSlot(db: Database, actor: Actor, area: SiteArea, position: number): Promise<"ok" | "already"> {
  const outcome = await db.transaction(async (tx) => {
    const before = await lockSlot(tx, area, position);
    if (!before) return "already" as const;
    await tx.delete(siteMedia).where(and(eq(siteMedia.area, area), eq(siteMedia.position, position)));
    await deleteImageIfUnused(tx, before.imageId);
    await audit(tx, actor, {
      action: `${ACTION_NAMES[area]}.restaurar`,
      entity: "sitio",
      entityId: slotTarget(area, position),
      before: { imagen: before.imageId, texto: before.caption },
      after: { imagen: "muestra" },
    });
    return "ok" as const;
  });
  forgetCachedSiteMedia();
  return outcome;
}
