import { rmSync } from "node:fs";
import path from "node:path";
import { embeddedClient } from "~/server/db/client.server";
import { specPort, startAppServer } from "./app-server";

/*
 * One embedded database made once per e2e run (tests/e2e/global-setup.ts): migrated and
 * seeded by a first start of the built server, as any spec's own server would make it, then
 * copied into every new data folder a spec's server starts on (fillFromTemplate in
 * app-server.ts). A first start takes about 6 s here (the migrations and the demo catalogue,
 * in WebAssembly); a start on a copy about 2 s.
 * The scheduled tasks' rows are taken out, so each spec's server runs its tasks on its first
 * poll as on a new database.
 */

export async function makeDataTemplate(folder: string): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  const server = await startAppServer({ port: specPort(199), dataDir: folder });
  const code = await server.stop();
  if (code !== 0) throw new Error(`el servidor de la plantilla terminó con ${code}:\n${server.output()}`);
  const db = embeddedClient(path.join(folder, "pglite"));
  try {
    await db.exec("delete from scheduled_tasks");
  } finally {
    await db.close();
  }
}
