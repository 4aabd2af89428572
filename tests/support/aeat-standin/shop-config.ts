import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetConfigForTests } from "~/server/config.server";
import { writeCertificates } from "./certificates";
import type { AeatStandIn } from "./index";

const NAMES = ["VERIFACTU_CERT_PATH", "VERIFACTU_KEY_PATH", "VERIFACTU_CA_PATH", "VERIFACTU_AEAT_URL"] as const;

/**
 * Points this process's shop at the stand-in, as the owner would configure the AEAT: the client
 * certificate and key (PEM files in a temporary folder), the stand-in's CA and address. Returns
 * the undo (settings removed, folder deleted).
 */
export function sendShopToStandIn(aeat: AeatStandIn): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), "aeat-"));
  const files = writeCertificates(folder, aeat.certificates);
  Object.assign(process.env, { VERIFACTU_CERT_PATH: files.clientCert, VERIFACTU_KEY_PATH: files.clientKey, VERIFACTU_CA_PATH: files.ca, VERIFACTU_AEAT_URL: aeat.url });
  resetConfigForTests();
  return () => {
    for (const name of NAMES) delete process.env[name];
    resetConfigForTests();
    rmSync(folder, { recursive: true, force: true });
  };
}
