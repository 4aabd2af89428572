/**
 * npm run aeat:standin -- [--modo=normal|fault|error500|hang|duplicate|reject:NUMSERIE]
 *
 * A local stand-in of the AEAT's VERI*FACTU service for trying the sending by hand (issue 13):
 * HTTPS with a client certificate required, the records checked field by field (huella and
 * chain recomputed), answers like the AEAT's. It makes a CA, its server certificate and a
 * client certificate (also as a .p12 with a passphrase) in AEAT_STANDIN_DIR (default a new
 * temporary directory) and prints the variables to start the shop with. Port
 * AEAT_STANDIN_PORT (4600).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeCertificates } from "../tests/support/aeat-standin/certificates";
import { startAeatStandIn, type AeatMode, type Submission } from "../tests/support/aeat-standin/index";

const MODES: AeatMode[] = ["normal", "fault", "error500", "hang", "duplicate", "reject"];

function parseMode(args: string[]): { mode: AeatMode; rejectNumSerie?: string } {
  const flag = args.find((arg) => arg.startsWith("--modo="));
  if (!flag) return { mode: "normal" };
  const [name = "", numSerie] = flag.slice("--modo=".length).split(":");
  const mode = MODES.find((known) => known === name);
  if (!mode) throw new Error(`Modo desconocido "${name}": ${MODES.join(", ")} (reject:NUMSERIE)`);
  if (mode === "reject" && !numSerie) throw new Error("El modo reject necesita la factura: --modo=reject:F2026-000001");
  return { mode, rejectNumSerie: numSerie };
}

function describe(submission: Submission): string {
  if (submission.fault) return `envío rechazado entero (${submission.status}): ${submission.fault}`;
  if (submission.lines.length === 0) return `envío sin respuesta de registros (HTTP ${submission.status || "sin respuesta"})`;
  return submission.lines
    .map((line) => `${line.TipoOperacion} ${line.NumSerieFactura}: ${line.EstadoRegistro}${line.CodigoErrorRegistro ? ` ${line.CodigoErrorRegistro} ${line.DescripcionErrorRegistro}` : ""}`)
    .join("\n  ");
}

async function main() {
  const { mode, rejectNumSerie } = parseMode(process.argv.slice(2));
  const port = Number(process.env.AEAT_STANDIN_PORT ?? 4600);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error("AEAT_STANDIN_PORT debe ser un puerto (1-65535)");
  const directory = process.env.AEAT_STANDIN_DIR ?? mkdtempSync(join(tmpdir(), "aeat-standin-"));

  const standIn = await startAeatStandIn({ port, mode, rejectNumSerie, onSubmission: (submission) => console.log(`[aeat] ${describe(submission)}`) });
  const paths = writeCertificates(directory, standIn.certificates);
  const p12 = join(directory, "client.p12");
  // A throwaway passphrase for a throwaway test certificate; printed so it can be configured.
  const passphrase = randomBytes(9).toString("base64url");
  execFileSync("openssl", ["pkcs12", "-export", "-in", paths.clientCert, "-inkey", paths.clientKey, "-out", p12, "-passout", `pass:${passphrase}`]);

  console.log(`Simulador de la AEAT (VERI*FACTU) en ${standIn.url}
Certificados de prueba en ${directory}

Arranque la tienda con estas variables:

VERIFACTU_AEAT_URL=${standIn.url}
VERIFACTU_CERT_PATH=${p12}
VERIFACTU_CERT_PASSWORD=${passphrase}
NODE_EXTRA_CA_CERTS=${paths.ca}

(o en PEM: ${paths.clientCert} y ${paths.clientKey}; la autoridad del servidor: ${paths.ca})

Modo: ${mode}${rejectNumSerie ? ` (${rejectNumSerie})` : ""}. Ctrl+C para terminar.`);

  const stop = () => {
    void standIn.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
