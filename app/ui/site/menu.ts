/** The main menu of spec section 2, "Global layout". */
export type MenuItem = { label: string; to: string };
export type MenuEntry = MenuItem | { label: string; children: MenuItem[] };

export const MAIN_MENU: MenuEntry[] = [
  { label: "Calderas", to: "/tienda/calderas/calderas-condensacion" },
  { label: "Aire acondicionado", to: "/tienda/aires/aires" },
  { label: "Aerotermia", to: "/tienda/aerotermia/aerotermia-kits" },
  { label: "Presupuesto", to: "/presupuesto" },
  {
    label: "Otros productos",
    children: [
      { label: "Reformas", to: "/reformas" },
      { label: "Termostatos", to: "/tienda/termostatos/termostatos" },
      { label: "Mantenimiento", to: "/tienda/mantenimientos" },
      { label: "Servicios", to: "/servicios" },
    ],
  },
  { label: "Contacto", to: "/contacto" },
];

export const LEGAL_LINKS: MenuItem[] = [
  { label: "Aviso legal", to: "/aviso-legal" },
  { label: "Política de privacidad", to: "/politica-privacidad" },
  { label: "Política de cookies", to: "/politica-cookies" },
  { label: "Condiciones de compra", to: "/condiciones-compra" },
];

/** Per-route tweaks of the frame, declared in a route's `handle` (e.g. promo-Granada). */
export type ShellHandle = { shell?: { phone?: "granada"; hideBasketBadge?: boolean } };
