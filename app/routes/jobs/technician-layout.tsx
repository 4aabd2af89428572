import { Form, NavLink, Outlet, useLoaderData } from "react-router";
import { staffState, notFound } from "~/server/accounts/admin-access.server";
import type { BackOfficeHandle } from "~/ui/admin/admin-nav";
import adminCss from "~/styles/admin.css?url";
import jobsCss from "~/styles/jobs.css?url";
import type { Route } from "./+types/technician-layout";

/**
 * The technician's area (issue 17): their coming jobs and visits, nothing else. Child loaders
 * call requireTechnician themselves; this one only draws the frame (everyone else: the 404).
 */
export const handle: BackOfficeHandle = { backOffice: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: adminCss },
  { rel: "stylesheet", href: jobsCss },
];

export async function loader({ request }: Route.LoaderArgs) {
  const state = await staffState(request);
  if (state.kind === "none" || state.staff.role !== "tecnico") return notFound();
  return { name: state.staff.name, email: state.staff.email, ready: state.kind === "ok" };
}

export const meta: Route.MetaFunction = () => [{ title: "Área del técnico" }, { name: "robots", content: "noindex, nofollow" }];

export default function TechnicianLayout() {
  const { name, email, ready } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <a className="skip-link" href="#tecnico-contenido">
        Saltar al contenido
      </a>
      <header className="admin-header">
        <p className="admin-brand">Área del técnico</p>
        {ready ? (
          <nav aria-label="Secciones del área del técnico" className="admin-nav">
            <ul>
              <li>
                <NavLink to="/tecnico" end>
                  Mis trabajos y visitas
                </NavLink>
              </li>
              <li>
                <NavLink to="/tecnico/seguridad">Seguridad</NavLink>
              </li>
            </ul>
          </nav>
        ) : null}
        <div className="admin-user">
          <span className="admin-email" title={email}>
            {name || email}
          </span>
          <Form method="post" action="/login">
            <input type="hidden" name="intent" value="signout" />
            <button type="submit" className="link-button">
              Cerrar sesión
            </button>
          </Form>
        </div>
      </header>
      <main id="tecnico-contenido" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
