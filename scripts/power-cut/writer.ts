/**
 * The writers of `npm run test:power-cut` (power-cut.ts): the shop's own functions on the
 * embedded database under DATA_DIR, as the server opens it. `prepare` migrates and seeds it;
 * `write` runs writers at once until killed: quote requests one by one and twenty to a
 * transaction, orders paid by transfer (which issue their invoice, with its VERI*FACTU record),
 * and a checkpoint every 1.5 s. Each line
 * printed names a write whose commit has returned: an acknowledged write.
 */
import { eq, sql } from "drizzle-orm";
import path from "node:path";
import { prepareDatabase } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { storeContactRequest, writeContactRequest } from "~/server/quotes/contact.server";
import { insertProduct, insertTestOrder } from "../../tests/support/transfer-orders";

const [mode = "write"] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data", "pglite");
const handle = await prepareDatabase({ kind: "pglite", dataDir, sync: process.env.EMBEDDED_SYNC !== "off" });
installDatabaseHandle(handle);
const { db } = handle;

if (mode === "prepare") {
  const product = await insertProduct(db, { stock: 1_000_000, model: "Prueba corte de luz" });
  await handle.close();
  console.log(`producto ${product.id}`);
  process.exit(0);
}

/**
 * Prints an acknowledged write and lets the event loop turn: PGlite answers within microtasks,
 * so loops that never yield would starve the timers (the checkpoints).
 */
const say = (line: string) => {
  process.stdout.write(`${line}\n`);
  return new Promise((resolve) => setImmediate(resolve));
};
const productId = Number(process.env.POWER_CUT_PRODUCT);

async function requests() {
  for (let round = 1; ; round++) {
    const values = { nameAndSurname: `Cliente ${round}`, phone: "600123456", email: "", adress: "Calle Mayor 1", state: "Madrid", message: `Cambio de caldera ${round}` };
    const id = await storeContactRequest(db, values, { productId: null, sourcePage: "/contacto" });
    await say(`solicitud ${id}`);
  }
}

async function paidOrders(prefix: string) {
  for (let round = 1; ; round++) {
    const number = `${prefix}${String(round).padStart(3, "0")}-291126`;
    const order = await insertTestOrder(db, { number, email: `corte${prefix.toLowerCase()}${round % 5}@example.com`, createdAt: new Date(), productIds: [productId], payMethod: "transferencia" });
    await say(`pedido ${order.number}`);
    const moved = await moveOrderStatus(db, { email: "duena@termoclima.test" }, number, { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: new Date().toISOString().slice(0, 10), bankReference: `TRF-${number}` } }, new Date());
    if (!moved.ok) throw new Error(`no se pudo marcar pagado ${number}`);
    const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id));
    await say(`factura ${invoice!.number} ${order.number}`);
  }
}

/** Twenty requests in one transaction: a cut inside it leaves pages written and never synced. */
async function batches() {
  for (let round = 1; ; round++) {
    const ids = await db.transaction(async (tx) => {
      const made: number[] = [];
      for (let item = 1; item <= 20; item++) {
        const values = { nameAndSurname: `Lote ${round}-${item}`, phone: "600123456", email: "", adress: "Calle Mayor 1", state: "Madrid", message: "Revisión anual de la caldera ".repeat(20) };
        made.push(await writeContactRequest(tx, values, { productId: null, sourcePage: "/contacto" }));
      }
      return made;
    });
    for (const id of ids) await say(`solicitud ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A checkpoint now and then: data files written, pg_control moved on, old log recycled. */
async function checkpoints() {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await db.execute(sql`checkpoint`);
    await say("checkpoint");
  }
}

await Promise.all([requests(), batches(), paidOrders("7"), paidOrders("8"), checkpoints()]);
