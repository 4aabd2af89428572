import { existsSync } from "node:fs";
import path from "node:path";
import { DATA_TEMPLATE_ENV, dataTemplateFolder } from "../support/app-server";

/**
 * Before the specs: every spec's own server starts from the seeded database the first shared
 * server made (tests/e2e/start-server.mjs); Playwright starts its web servers before this.
 */
export default function globalSetup(): void {
  const folder = dataTemplateFolder();
  if (!existsSync(path.join(folder, "pglite"))) throw new Error(`falta la base de datos de plantilla ${folder} (tests/e2e/start-server.mjs la hace)`);
  process.env[DATA_TEMPLATE_ENV] = folder;
}
