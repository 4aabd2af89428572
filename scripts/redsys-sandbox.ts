/**
 * npm run redsys:sandbox -- [--notificacion=enviar|retrasar:MS|repetir:N|perder|retener] [--reembolso=aceptar|denegar|error]
 *
 * A local stand-in of Redsys for trying card and Bizum payments by hand (issue 12): it
 * checks the shop's signed form, shows "Pagar" and "Denegar", notifies the shop and sends
 * the browser back; refunds go through its REST entry. Port REDSYS_SANDBOX_PORT (4599);
 * merchant, terminal and key from REDSYS_MERCHANT_CODE / REDSYS_TERMINAL / REDSYS_SECRET_KEY
 * or Redsys's public test values. See docs/redsys-sandbox.md.
 */
import { startRedsysStandIn, type LogEntry } from "../tests/support/redsys-standin/index";
import { formatEuros } from "../app/domain/money";
import { describeMode, parseSandboxFlags } from "../tests/support/redsys-standin/mode";

/** Redsys's public test merchant (its integration guide); not a secret. */
const PUBLIC_TEST = { merchantCode: "999008881", terminal: "1", secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7" };

function describeEntry(entry: LogEntry): string {
  const parts = [entry.kind, entry.order && `pedido ${entry.order}`, entry.amount !== undefined && formatEuros(entry.amount), entry.method, entry.code];
  if (entry.notification) parts.push(`notificación: ${entry.notification}`);
  if (entry.shopStatus !== undefined) parts.push(`la tienda contestó ${entry.shopStatus}`);
  if (entry.error) parts.push(entry.error);
  return parts.filter(Boolean).join(" · ");
}

async function main() {
  const change = parseSandboxFlags(process.argv.slice(2));
  const env = process.env;
  const fromEnvironment = Boolean(env.REDSYS_MERCHANT_CODE || env.REDSYS_TERMINAL || env.REDSYS_SECRET_KEY);
  if (fromEnvironment && !(env.REDSYS_MERCHANT_CODE && env.REDSYS_TERMINAL && env.REDSYS_SECRET_KEY)) {
    throw new Error("REDSYS_MERCHANT_CODE, REDSYS_TERMINAL y REDSYS_SECRET_KEY van juntas (o ninguna, para usar los valores de prueba públicos)");
  }
  const merchant = fromEnvironment
    ? { merchantCode: env.REDSYS_MERCHANT_CODE!.trim(), terminal: env.REDSYS_TERMINAL!.trim(), secretKey: env.REDSYS_SECRET_KEY!.trim() }
    : PUBLIC_TEST;
  const port = Number(env.REDSYS_SANDBOX_PORT ?? 4599);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error("REDSYS_SANDBOX_PORT debe ser un puerto (1-65535)");

  const standIn = await startRedsysStandIn({ ...merchant, port, host: env.REDSYS_SANDBOX_HOST ?? "127.0.0.1", onEvent: (entry) => console.log(`[redsys] ${describeEntry(entry)}`) });
  standIn.setMode(change);

  console.log(`Simulador de Redsys en ${standIn.baseUrl} (control: ${standIn.baseUrl}/control)

Arranque la tienda con estas variables:

REDSYS_URL=${standIn.url}
REDSYS_REST_URL=${standIn.restUrl}
REDSYS_MERCHANT_CODE=${merchant.merchantCode}
REDSYS_TERMINAL=${merchant.terminal}
REDSYS_SECRET_KEY=${fromEnvironment ? "(la misma que ya tiene en el entorno)" : merchant.secretKey}

La notificación se envía a la dirección que la tienda indica (su PUBLIC_BASE_URL +
/api/redsys/notificacion): PUBLIC_BASE_URL debe ser alcanzable desde esta máquina.

Modo: ${describeMode(standIn.mode())}. Cámbielo en ${standIn.baseUrl}/control.
Ctrl+C para terminar.`);

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
