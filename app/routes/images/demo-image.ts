import { data } from "react-router";
import { findAnyProductBySlug } from "~/server/catalogue/product-list.server";
import { getDb } from "~/server/db/db.server";
import { drawProductSvg } from "~/server/images/demo-images.server";
import type { Route } from "./+types/demo-image";

/** Illustrations of the demo catalogue, drawn from the product's data: /imagenes/demo/{slug}-{1..3}.svg */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)-([123])\.svg$/.exec(params.file);
  const slug = match?.[1];
  // Hidden products too: the back office still shows their pictures.
  const product = slug ? await findAnyProductBySlug(await getDb(), slug) : undefined;
  if (!match || !product) throw data("Imagen no encontrada", { status: 404 });
  const svg = drawProductSvg(product, Number(match[2]) as 1 | 2 | 3);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // Drawn from brand and model, which the slug in the URL names: safe to keep a month.
      "Cache-Control": "public, max-age=2592000, stale-while-revalidate=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
