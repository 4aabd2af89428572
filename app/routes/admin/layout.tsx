import { Form, NavLink, Outlet, useLoaderData } from "react-router";
import { adminState, notFound } from "~/server/accounts/admin-access.server";
import { ADMIN_SECTIONS, adminMeta, type BackOfficeHandle } from "~/ui/admin/admin-nav";
import adminCss from "~/styles/admin.css?url";
import type { Route } from "./+types/layout";

export const handle: BackOfficeHandle = { backOffice: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

/**
 * The frame of /admin. Child loaders run beside this one, so each calls requireAdmin itself;
 * this one decides only what the frame shows (the enrolment page has no menu yet).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const state = await adminState(request);
  if (state.kind === "none") return notFound();
  return { email: state.admin.email, ready: state.kind === "ok" };
}

export const meta: Route.MetaFunction = () => adminMeta("Inicio");

export default function AdminLayout() {
  const { email, ready } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-contenido">
        Saltar al contenido
      </a>
      <header className="admin-header">
        <p className="admin-brand">Administración</p>
        {ready ? (
          <nav aria-label="Secciones de la administración" className="admin-nav">
            <ul>
              {ADMIN_SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={"end" in section}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
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
      <main id="admin-contenido" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
