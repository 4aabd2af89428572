/**
 * GET /healthz: 200 while the process answers, whatever its database does (a supervisor
 * restarts a process that stops answering; restarting it for a database down would not help).
 * /readyz says whether it may take traffic. Not affected by maintenance mode.
 */
export function loader() {
  return new Response("ok", { status: 200, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
}
