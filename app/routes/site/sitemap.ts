import { FAMILIES, catalogueHref, detailHref } from "~/domain/catalogue/product";
import { sitemapProducts } from "~/server/catalogue/catalogue.server";
import { publicShopInfo } from "~/server/config.server";

/** Pages without a product behind them, in the order of the spec's route table (section 2). */
const STATIC_PATHS = [
  "/",
  "/tienda",
  ...FAMILIES.map((family) => catalogueHref(family)),
  "/tienda/mantenimientos",
  "/contacto",
  "/presupuesto",
  "/reformas",
  "/servicios",
  "/calderas-info",
  "/aires-info",
  "/aerotermia-info",
  "/termostatos-info",
  // The sizing advisor (issue 15): its empty form; answers are addresses of their own.
  "/que-potencia-necesito",
  "/politica-cookies",
  "/politica-privacidad",
  "/condiciones-compra",
  "/aviso-legal",
  "/promo-Calderas",
  "/promo-Aires",
  "/promo-Saunier",
  "/promo-Aero",
  "/promo-Reparaciones",
  "/promo-Granada",
];

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

function urlEntry(loc: string, lastmod?: Date): string {
  const date = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return `  <url><loc>${escapeXml(loc)}</loc>${date}</url>`;
}

/** GET /sitemap.xml: every public page, product pages with the date of their last change. */
export async function loader() {
  const base = publicShopInfo().baseUrl;
  const products = await sitemapProducts();
  const entries = [
    ...STATIC_PATHS.map((path) => urlEntry(`${base}${path}`)),
    ...products.map((product) => urlEntry(`${base}${detailHref(product)}`, product.updatedAt)),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
