import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of spec section 2; Spanish paths.
export default [
  index("routes/home.tsx"),
  route("tienda", "routes/shop-index.tsx"),
  route("tienda/calderas/:tipo?", "routes/catalogue.tsx", { id: "catalogo-calderas" }),
  route("tienda/aires/:tipo?", "routes/catalogue.tsx", { id: "catalogo-aires" }),
  route("tienda/aerotermia/:tipo?", "routes/catalogue.tsx", { id: "catalogo-aerotermia" }),
  route("tienda/termostatos/:tipo?", "routes/catalogue.tsx", { id: "catalogo-termostatos" }),
  route("tienda/mantenimientos", "routes/maintenance-offer.tsx"),
  route("tienda/detalle/:name/:id", "routes/product-detail.tsx"),
  route("carrito", "routes/cart.tsx"),
  route("carrito/pedido", "routes/checkout.tsx"),
  route("contacto", "routes/contact.tsx"),
  route("promo-Saunier/gracias", "routes/thanks.tsx"),
  route("login", "routes/login.tsx"),
  route("login/restablecer", "routes/reset-password.tsx"),
  route("login/pedidos/:number", "routes/order-detail.tsx"),
  route("api/auth/*", "routes/auth-api.ts"),
  route("healthz", "routes/healthz.ts"),
  route("cookies", "routes/cookies.ts"),
  route("imagenes/demo/:file", "routes/demo-image.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
