import { useEffect, useRef, useState } from "react";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "react-router";
import { menuCounts } from "~/domain/admin/owner-to-do";
import { SEARCH_MAX_LENGTH } from "~/domain/admin/search-length";
import { dashboardPeriods } from "~/domain/orders/dashboard-periods";
import { adminState, notFound } from "~/server/accounts/admin-access.server";
import { ownerToDoOnce } from "~/server/admin/owner-to-do.server";
import { config } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { ADMIN_SECTIONS, adminMeta, PHONE_TABS, type BackOfficeHandle } from "~/ui/admin/admin-nav";
import adminCss from "~/styles/admin.css?url";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/layout";

export const handle: BackOfficeHandle = { backOffice: true };

// The back office installs as an app of its own (issue 30); the storefront's pages link none of this.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: adminCss },
  { rel: "manifest", href: "/admin/app.webmanifest", crossOrigin: "use-credentials" },
  { rel: "apple-touch-icon", href: "/iconos/administracion-apple-180.png" },
];

/**
 * The frame of /admin. Child loaders run beside this one, so each calls requireAdmin itself;
 * this one decides only what the frame shows (the enrolment page has no menu yet).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await adminState(request);
  if (state.kind === "none") return notFound();
  const ready = state.kind === "ok";
  // Beside a section, how many of its things wait (issue 30): Hoy's own counts.
  const periods = dashboardPeriods(new Date(), config().TRANSFER_REMINDER_DAYS);
  const counts = ready ? menuCounts(await ownerToDoOnce(context, await getDb(), periods.today, periods.agendaUntil)) : {};
  return { email: state.admin.email, ready, counts };
}

export const meta: Route.MetaFunction = () => adminMeta("Inicio");

export default function AdminLayout() {
  const { email, ready, counts } = useLoaderData<typeof loader>();
  // The phone's menu sheet is open on the page where "Más" opened it: a new page closes it. Opened
  // by its :target before React ran (the address ends in #secciones), it stays open until closed.
  const { pathname, hash } = useLocation();
  const [sheet, setSheet] = useState<{ on: string; open: boolean } | null>(null);
  const open = sheet?.on === pathname ? sheet.open : hash === "#secciones";
  const hydrated = useHydrated();
  const closeLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (open) closeLink.current?.focus();
  }, [open]);
  const toggle = (event: React.MouseEvent, next: boolean) => {
    if (!hydrated) return;
    event.preventDefault();
    setSheet({ on: pathname, open: next });
  };
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-contenido">
        Saltar al contenido
      </a>
      <header className="admin-header">
        <p className="admin-brand">Administración</p>
        {ready ? (
          // The one search from every page on a desktop (Enter sends it: a form of one field needs no
          // button); a phone reaches it from the bar's "Buscar". Named apart from each page's own
          // "Buscar" field and button, which keep their names.
          <Form method="get" action="/admin/buscar" role="search" aria-label="Búsqueda en toda la administración" className="admin-header-search">
            <label htmlFor="cabecera-buscar" className="visually-hidden">
              Qué encontrar en toda la administración
            </label>
            <input id="cabecera-buscar" name="q" type="search" enterKeyHint="search" placeholder="Buscar en todo: número, nombre, teléfono…" maxLength={SEARCH_MAX_LENGTH} />
          </Form>
        ) : null}
        <div className="admin-user">
          <span className="admin-email">{email}</span>
          <a href="/">Ver la tienda</a>
          <Form method="post" action="/login">
            <input type="hidden" name="intent" value="signout" />
            <button type="submit" className="link-button">
              Cerrar sesión
            </button>
          </Form>
        </div>
      </header>
      {ready ? (
        // A side menu from 990 px; on a phone a sheet over the page, opened by the bar's "Más":
        // React's state once hydrated, before that (and without JavaScript) CSS :target on the
        // link to #secciones (admin.css).
        <nav id="secciones" aria-label="Secciones de la administración" className="admin-nav" data-open={open || undefined}>
          <a href="#" className="admin-nav-close" ref={closeLink} onClick={(event) => toggle(event, false)}>
            Cerrar el menú
          </a>
          <ul>
            {ADMIN_SECTIONS.map((section) => {
              const waiting = counts[section.to];
              return (
                <li key={section.to}>
                  <NavLink to={section.to} end={"end" in section} onClick={() => setSheet(null)}>
                    {section.label}
                  </NavLink>
                  {waiting ? (
                    // Outside the link, whose name stays the section's; read after it.
                    <span className="admin-nav-count">
                      {waiting.n}
                      <span className="visually-hidden"> {waiting.words}</span>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <main id="admin-contenido" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
      {ready ? (
        <nav aria-label="Barra de la administración" className="admin-tabbar">
          {PHONE_TABS.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end={"end" in tab}>
              {tab.label}
            </NavLink>
          ))}
          <a href="#secciones" aria-controls="secciones" aria-expanded={hydrated ? open : undefined} onClick={(event) => toggle(event, !open)}>
            Más
          </a>
        </nav>
      ) : null}
    </div>
  );
}
