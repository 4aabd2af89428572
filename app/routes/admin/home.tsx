import { requireAdmin } from "~/server/accounts/admin-access.server";
import type { Route } from "./+types/home";

// Being written by h-jobs (the dashboard); this placeholder only keeps the build going meanwhile.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminHome() {
  return <h1>Inicio</h1>;
}
