import type { FlagName } from "~/domain/site/flags";
import { openDatabase } from "~/server/db/client.server";
import { setFlag } from "~/server/site/flags.server";
import { fillFromTemplate } from "./app-server";

/**
 * Sets flags in the embedded database of a stopped spec server, as `npm run flag` does
 * (scripts/flag.ts, the same setFlag), but from this process: one opening of the database for
 * all of them instead of an npm and tsx start per flag (about 2 s each here). The command
 * itself is driven by server-process.spec.ts.
 */
export async function setFlagsWhileStopped(dataDir: string, flags: Partial<Record<FlagName, boolean>>): Promise<void> {
  fillFromTemplate(dataDir);
  const handle = await openDatabase({ kind: "pglite", dataDir: `${dataDir}/pglite` });
  try {
    for (const [name, enabled] of Object.entries(flags)) await setFlag(handle.db, name as FlagName, enabled);
  } finally {
    await handle.close();
  }
}
