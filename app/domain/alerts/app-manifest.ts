/*
 * The back office's web app manifest (issue 30): installed from /admin, it opens /admin in a
 * window of its own (standalone) and keeps to /admin. Icons: public/iconos (scripts/admin-icons.ts).
 */

/** The shop's blue (app/root.tsx's theme-color, the favicon's circle). */
export const ADMIN_THEME_COLOUR = "#0f3d66";

export const ADMIN_ICONS = [
  { src: "/iconos/administracion-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/iconos/administracion-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/iconos/administracion-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

export function backOfficeManifest(shopName: string, themeColour: string) {
  return {
    id: "/admin",
    name: `${shopName} · Administración`,
    short_name: "Administración",
    description: `La administración de ${shopName}: pedidos, solicitudes, presupuestos, trabajos y avisos.`,
    lang: "es-ES",
    dir: "ltr",
    start_url: "/admin",
    // "/admin", not "/admin/": a start_url outside the scope voids the scope (it would become "/",
    // the whole shop); a scope is a prefix of paths, so this one holds /admin and /admin/....
    scope: "/admin",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: themeColour,
    icons: ADMIN_ICONS,
  };
}
