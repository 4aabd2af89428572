import { getAuth } from "~/server/auth.server";
import type { Route } from "./+types/auth-api";

/** better-auth's HTTP endpoints (/api/auth/*): sign-in, sign-up, reset, OAuth callbacks. */
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request);
}
