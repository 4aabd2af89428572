import path from "node:path";
import { DATA_TEMPLATE_ENV } from "../support/app-server";
import { makeDataTemplate } from "../support/data-template";

/** Before the specs: the seeded database that every spec's own server starts from (data-template.ts). */
export default async function globalSetup(): Promise<void> {
  const folder = path.resolve(`tests/.tmp/data-template-${process.env.E2E_PORT ?? "3100"}`);
  await makeDataTemplate(folder);
  process.env[DATA_TEMPLATE_ENV] = folder;
}
