import { getDb } from "~/server/db/db.server";
import { ping } from "~/server/db/client.server";
import { log } from "~/server/log.server";

/** 200 while the database answers within 2 s, 503 otherwise. Not affected by maintenance mode. */
export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };
  try {
    await withTimeout(getDb().then(ping), 2000);
    return new Response("ok", { status: 200, headers });
  } catch (error) {
    log("healthz").error({ err: error }, "la base de datos no responde");
    return new Response("base de datos no disponible", { status: 503, headers });
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
