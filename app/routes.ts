import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of spec section 2; Spanish paths.
export default [
  index("routes/home.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("cookies", "routes/cookies.ts"),
  route("imagenes/demo/:file", "routes/demo-image.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
