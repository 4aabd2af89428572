/*
 * A product's slug (its URL-safe name, also in the drawn demo images' paths) and the drawn
 * placeholder pictures a new product shows until the owner uploads photos
 * (app/routes/images/demo-image.ts draws them from the product's family, brand and model).
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;

/** "Baxi", "Platinum Compact 24/24F ECO" -> "baxi-platinum-compact-24-24f-eco" (as the demo catalogue). */
export function slugify(...parts: string[]): string {
  return parts
    .join(" ")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

const demoPath = (slug: string, view: 1 | 2 | 3) => `/imagenes/demo/${slug}-${view}.svg`;

/** The three drawn views; the first is the main image. */
export function demoPictures(slug: string): { image: string; images: string[] } {
  return { image: demoPath(slug, 1), images: [demoPath(slug, 1), demoPath(slug, 2), demoPath(slug, 3)] };
}

/**
 * After a slug change, the drawn pictures that named the old slug name the new one (their
 * address is the slug); any other picture (an uploaded photo) is left as it is.
 */
export function renameDemoPictures(
  pictures: { image: string; images: string[] },
  oldSlug: string,
  newSlug: string,
): { image: string; images: string[] } {
  // Slugs hold only [a-z0-9-]: nothing to escape in the pattern.
  const drawn = new RegExp(`^/imagenes/demo/${oldSlug}-([123])\\.svg$`);
  const rename = (src: string) => {
    const view = drawn.exec(src)?.[1];
    return view ? demoPath(newSlug, Number(view) as 1 | 2 | 3) : src;
  };
  return { image: rename(pictures.image), images: pictures.images.map(rename) };
}
