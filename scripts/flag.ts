/**
 * npm run flag -- <name> <on|off>
 * Sets a flag in the configured database (DATABASE_URL, or the embedded one under DATA_DIR;
 * the embedded database is single-process, so stop the server first).
 */
import { FLAG_NAMES, isFlagName } from "../app/domain/site/flags";
import { restrictNewFiles } from "../app/server/files/private-files.server";
import { prepareDatabase } from "../app/server/db/client.server";
import { optionsFromConfig } from "../app/server/db/db.server";
import { setFlag } from "../app/server/site/flags.server";

export function parseFlagArgs(args: string[]): { name: (typeof FLAG_NAMES)[number]; enabled: boolean } {
  const [name, value] = args;
  if (!name || !isFlagName(name) || (value !== "on" && value !== "off") || args.length !== 2) {
    throw new Error(`Uso: npm run flag -- <${FLAG_NAMES.join("|")}> <on|off>`);
  }
  return { name, enabled: value === "on" };
}

async function main() {
  restrictNewFiles(); // the data folder is the shop's only (issue 28)
  const { name, enabled } = parseFlagArgs(process.argv.slice(2));
  const options = optionsFromConfig();
  let handle;
  try {
    handle = await prepareDatabase(options);
  } catch (error) {
    const hint =
      options.kind === "pglite"
        ? " ¿Está el servidor en marcha? La base de datos integrada solo admite un proceso: deténgalo antes."
        : "";
    throw new Error(`No se pudo abrir la base de datos.${hint}\n${String(error)}`, { cause: error });
  }
  try {
    await setFlag(handle.db, name, enabled);
    console.log(`Indicador ${name}: ${enabled ? "activado" : "desactivado"}`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1]?.endsWith("flag.ts")) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
