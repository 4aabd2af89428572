/**
 * npm run bench:embedded-sync (issue 32): what syncing each commit of the embedded database
 * costs. In one run, on two fresh data folders of this machine's disk, one with EMBEDDED_SYNC
 * on (the default) and one off: orders placed and paid by transfer (each issues its invoice and
 * VERI*FACTU record), and quote requests, one after another and four at a time; figures per
 * second, the ratio, and the fsync calls made. BENCH_ORDERS (default 60) sets the size.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { type DurableNodeFS } from "~/server/db/durable-nodefs.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { insertProduct, insertTestOrder } from "../../tests/support/transfer-orders";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
type Figures = { orders: number; requests: number; concurrent: number; syncs: number };

async function orderRound(handle: DatabaseHandle, productId: number, label: string, count: number): Promise<number> {
  const started = performance.now();
  for (let index = 1; index <= count; index++) {
    const number = `${label}${String(index).padStart(3, "0")}-291126`;
    await insertTestOrder(handle.db, { number, email: `banco${index % 7}@example.com`, createdAt: new Date(), productIds: [productId], payMethod: "transferencia" });
    const moved = await moveOrderStatus(handle.db, { email: "duena@termoclima.test" }, number, { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: "2026-11-29", bankReference: `TRF-${number}` } }, new Date());
    if (!moved.ok) throw new Error(`no se pudo pagar ${number}`);
  }
  return count / ((performance.now() - started) / 1000);
}

async function requestRound(handle: DatabaseHandle, count: number, parallel: number): Promise<number> {
  const started = performance.now();
  const one = (index: number) =>
    storeContactRequest(handle.db, { nameAndSurname: `Cliente ${index}`, phone: "600123456", email: "", adress: "Calle Mayor 1", state: "Madrid", message: "Presupuesto de aerotermia" }, { productId: null, sourcePage: "/contacto" });
  for (let index = 0; index < count; index += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - index) }, (_, offset) => one(index + offset)));
  }
  return count / ((performance.now() - started) / 1000);
}

async function measure(sync: boolean): Promise<Figures> {
  const folder = mkdtempSync(path.join(tmpdir(), `tienda-sync-${sync ? "on" : "off"}-`));
  const handle = await prepareDatabase({ kind: "pglite", dataDir: path.join(folder, "pglite"), sync });
  installDatabaseHandle(handle);
  try {
    const product = await insertProduct(handle.db, { stock: 100_000 });
    const fs = (handle.db as unknown as { $client: { fs?: DurableNodeFS } }).$client.fs;
    const before = fs?.synced?.files ?? 0;
    await orderRound(handle, product.id, "9", 5); // warm-up: not counted
    const orders = await orderRound(handle, product.id, "7", ORDERS);
    const requests = await requestRound(handle, ORDERS * 2, 1);
    const concurrent = await requestRound(handle, ORDERS * 2, 4);
    return { orders, requests, concurrent, syncs: (fs?.synced?.files ?? before) - before };
  } finally {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const on = await measure(true);
const off = await measure(false);
const row = (name: string, a: number, b: number) => console.log(`${name.padEnd(42)} ${a.toFixed(1).padStart(8)} ${b.toFixed(1).padStart(8)} ${(a / b).toFixed(2).padStart(7)}`);
console.log(`Base de datos integrada, ${ORDERS} pedidos; por segundo       sync on  sync off  on/off`);
row("pedidos pagados por transferencia (con factura)", on.orders, off.orders);
row("solicitudes de presupuesto, de una en una", on.requests, off.requests);
row("solicitudes de presupuesto, cuatro a la vez", on.concurrent, off.concurrent);
console.log(`fsync/fdatasync de ficheros con sync on: ${on.syncs}`);
process.exit(0);
