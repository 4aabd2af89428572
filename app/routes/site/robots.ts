import { publicShopInfo } from "~/server/config.server";

/** Pages of one signed-in visitor (checkout, account) and technical endpoints stay out of search engines. */
const PRIVATE_PATHS = ["/carrito/pedido", "/login", "/cookies", "/healthz", "/readyz", "/metrics"];

/** GET /robots.txt */
export function loader() {
  const base = publicShopInfo().baseUrl;
  const text = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
