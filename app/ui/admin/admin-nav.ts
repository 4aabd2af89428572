/** The back office's sections, in the order the owner works through them (issue 11). */
export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Inicio", end: true },
  { to: "/admin/buscar", label: "Buscar" },
  { to: "/admin/pedidos", label: "Pedidos" },
  { to: "/admin/facturas", label: "Facturas" },
  { to: "/admin/desistimientos", label: "Desistimientos" },
  { to: "/admin/solicitudes", label: "Solicitudes" },
  { to: "/admin/presupuestos", label: "Presupuestos" },
  { to: "/admin/visitas", label: "Visitas" },
  { to: "/admin/trabajos", label: "Trabajos" },
  { to: "/admin/calendario", label: "Calendario" },
  { to: "/admin/mantenimiento", label: "Mantenimiento" },
  { to: "/admin/averias", label: "Averías" },
  { to: "/admin/tecnicos", label: "Técnicos" },
  { to: "/admin/catalogo", label: "Catálogo" },
  { to: "/admin/sitio", label: "Sitio" },
  { to: "/admin/clientes", label: "Clientes" },
  { to: "/admin/cuentas", label: "Cuentas" },
  { to: "/admin/registro", label: "Registro" },
  { to: "/admin/avisos", label: "Avisos" },
  { to: "/admin/seguridad", label: "Seguridad" },
] as const;

/**
 * The phone's bottom bar (issue 30, after Jobber's app): today's agenda, the week's calendar,
 * the quick actions, the one search and every section. From 990 px the sections are a side menu instead.
 */
export const PHONE_TABS = [
  { to: "/admin", label: "Hoy", end: true },
  { to: "/admin/calendario", label: "Agenda" },
  { to: "/admin/crear", label: "Crear" },
  { to: "/admin/buscar", label: "Buscar" },
] as const;

/** Route handle of the back office: the root renders it without the shop's header and footer. */
export type BackOfficeHandle = { backOffice?: boolean };

/** Every admin page's meta: its title, and no indexing (a child's meta replaces the layout's). */
export function adminMeta(title: string) {
  return [{ title: `${title} | Administración` }, { name: "robots", content: "noindex, nofollow" }];
}
