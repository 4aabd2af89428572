import { log } from "~/server/log.server";
import { readiness } from "~/server/operations/readiness.server";

/** GET /readyz: 200 once the database answers and holds this version's migrations, 503 with the reason otherwise. */
export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };
  const ready = await readiness();
  if (ready.ok) return new Response("ok", { status: 200, headers });
  log("readyz").error(ready.reason);
  return new Response(`no disponible: ${ready.reason}`, { status: 503, headers });
}
