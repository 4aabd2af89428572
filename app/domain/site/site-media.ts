import { z } from "zod";
import type { ProductPhoto } from "../catalogue/product";

/*
 * The owner's own pictures on the home page (issue 11): the renovation carousel's four slides
 * and the brand-logo strip. A slot the owner has not filled shows the drawn demo.
 */

export const SITE_AREAS = ["carrusel", "marcas"] as const;
export type SiteArea = (typeof SITE_AREAS)[number];

/** The carousel has four slides (spec section 2); the strip room for a few more brands than the demo's eleven. */
export const SLOT_COUNTS: Record<SiteArea, number> = { carrusel: 4, marcas: 16 };

export type SiteImage = Pick<ProductPhoto, "imageId" | "width" | "height" | "widths">;
export type SiteSlot = { area: SiteArea; position: number; caption: string; image: SiteImage };
/** What the home page draws: slot number -> the owner's picture (absent: the demo). */
export type SiteMedia = Record<SiteArea, Record<number, { caption: string; image: SiteImage }>>;

export const EMPTY_SITE_MEDIA: SiteMedia = { carrusel: {}, marcas: {} };

export function isSiteArea(value: unknown): value is SiteArea {
  return value === "carrusel" || value === "marcas";
}

export function isSlot(area: SiteArea, position: number): boolean {
  return Number.isInteger(position) && position >= 1 && position <= SLOT_COUNTS[area];
}

/** The caption is the slide's title under the picture, or the brand's name (the logo's alternative text). */
export const CAPTION_MAX: Record<SiteArea, number> = { carrusel: 80, marcas: 40 };

export function captionSchema(area: SiteArea) {
  const what = area === "carrusel" ? "el texto de la imagen" : "el nombre de la marca";
  return z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, `Escriba ${what}: se lee bajo la imagen y lo usan los lectores de pantalla.`)
        .max(CAPTION_MAX[area], `Acorte ${what} a ${CAPTION_MAX[area]} caracteres como máximo.`),
    );
}

export type SiteIntent = "flag" | "slot" | "restore";

export type SiteReply =
  | { ok: true; intent: SiteIntent; target: string; message: string }
  | { ok: false; intent: SiteIntent | null; target: string; error: string };

/** Which form an answer belongs to: "indicador:maintenance", "carrusel:2", "marcas:5". */
export function slotTarget(area: SiteArea, position: number): string {
  return `${area}:${position}`;
}
