import { Link } from "react-router";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/create";

/** The quick actions of "Crear": what can be started from nothing (here, not in admin-nav.ts: no other page needs their words). */
const QUICK_ACTIONS = [
  { to: "/admin/solicitudes/nueva", label: "Solicitud nueva", hint: "Lo que pide un cliente que llama; entra en Solicitudes como las demás." },
  { to: "/admin/averias/nueva", label: "Avería nueva", hint: "Lo que cuenta un cliente que llama con un equipo averiado; lo que le costará queda anotado." },
  { to: "/admin/visitas/nueva", label: "Visita nueva", hint: "La visita gratuita en una hora libre; al cliente le llega la confirmación." },
  { to: "/admin/clientes/nuevo", label: "Cliente nuevo", hint: "Su ficha, para un cliente que llama antes de pedir nada." },
  { to: "/admin/presupuestos/nuevo", label: "Presupuesto nuevo", hint: "Para un cliente que no ha escrito: sus datos, las opciones y el envío." },
  { to: "/admin/pedidos/telefono", label: "Pedido por teléfono", hint: "Los artículos y los datos del cliente; le llega un enlace para pagar." },
  { to: "/admin/catalogo/nuevo", label: "Producto nuevo", hint: "Un equipo o un servicio más en el catálogo." },
  { to: "/admin/tecnicos#tecnico-nuevo", label: "Invitar a un técnico", hint: "Le llega un correo para elegir su contraseña." },
] as const;

/** "Crear" of the phone's bar (issue 30): the things the owner can start from nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Crear");

export default function CreatePage() {
  return (
    <>
      <h1>Crear</h1>
      <ul className="admin-quick-actions">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.to}>
            <Link to={action.to}>{action.label}</Link>
            <span className="admin-muted">{action.hint}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al inicio" }} />;
}
