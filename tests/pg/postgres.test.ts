import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { parseConfig } from "~/server/config.server";
import { installDatabaseHandle, optionsFromConfig } from "~/server/db/db.server";
import { orderLines, orders, products } from "~/server/db/schema.server";
import { familySummaries } from "~/server/catalogue/catalogue.server";

/**
 * The PostgreSQL path (DATABASE_URL): the same migrations and seed as PGlite. Runs in a new
 * database created for this run and dropped afterwards. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL ***\n");
}

describe.skipIf(!url)("PostgreSQL", () => {
  const name = `tienda_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  let handle: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    // Two instances starting together: the advisory lock lets one migrate and seed.
    [handle, second] = await Promise.all([
      prepareDatabase({ kind: "postgres", url: target.toString() }),
      prepareDatabase({ kind: "postgres", url: target.toString() }),
    ]);
    installDatabaseHandle(handle);
  });

  afterAll(async () => {
    await handle?.close();
    await second?.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  });

  it("migrates and seeds the demo catalogue once", async () => {
    const rows = await handle.db
      .select({ family: products.family, n: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.family);
    const counts = Object.fromEntries(rows.map((row) => [row.family, row.n]));
    expect(counts.calderas).toBeGreaterThanOrEqual(12);
    expect(counts.termostatos).toBeGreaterThanOrEqual(9);
    expect(counts.aires).toBeGreaterThanOrEqual(12);
    expect(counts.aerotermia).toBeGreaterThanOrEqual(9);
    const slugs = await handle.db.select({ slug: products.slug }).from(products);
    expect(new Set(slugs.map((row) => row.slug)).size).toBe(slugs.length);
  });

  it("reads the catalogue through the app", async () => {
    const summaries = await familySummaries();
    expect(Object.values(summaries).reduce((sum, family) => sum + family.count, 0)).toBeGreaterThanOrEqual(42);
    expect(Object.values(summaries).every((family) => family.image?.endsWith(".svg"))).toBe(true);
  });

  it("writes an order with its lines and reads it back", async () => {
    const [boiler] = await handle.db.select().from(products).where(eq(products.family, "calderas")).limit(1);
    const address = {
      id: "12345678Z",
      nombre: "Lucía",
      apellidos: "García Pérez",
      empresa: "",
      direccion: "Calle de Alcalá 120, 3º B",
      pais: "España" as const,
      poblacion: "Madrid",
      provincia: "Madrid",
      cp: "28009",
      telefono: "91 4567890",
    };
    const orderId = await handle.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          number: "1234-22112026",
          userEmail: "lucia@example.com",
          amountCents: boiler!.priceCents + 1995,
          shippingCents: 1995,
          addressSend: address,
          addressBill: address,
          payMethod: "transferencia",
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values({
        orderId: order!.id,
        position: 0,
        productId: boiler!.id,
        family: "calderas",
        brand: boiler!.brand,
        model: boiler!.model,
        type: boiler!.type,
        priceCents: boiler!.priceCents,
        gas: "natural",
      });
      return order!.id;
    });
    // Read through the other instance's pool: the write is committed and shared.
    const [order] = await second.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("Pendiente de Pago");
    expect(order?.addressSend.cp).toBe("28009");
    const lines = await second.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.brand).toBe(boiler!.brand);
  });
});

describe.skipIf(!url)("PostgreSQL started from the configuration", () => {
  const name = `tienda_seed_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  const target = () => {
    const address = new URL(url!);
    address.pathname = `/${name}`;
    return address.toString();
  };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
  });

  afterAll(async () => {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  });

  it("stays empty without SEED_DEMO=1, and gets the demo catalogue with it", async () => {
    const secret = "x".repeat(32);
    const productCount = async (env: Record<string, string>) => {
      const options = optionsFromConfig(parseConfig({ DATABASE_URL: target(), BETTER_AUTH_SECRET: secret, ...env }));
      const started = await prepareDatabase(options);
      try {
        const [row] = await started.db.select({ n: sql<number>`count(*)::int` }).from(products);
        return row!.n;
      } finally {
        await started.close();
      }
    };
    expect(await productCount({})).toBe(0);
    expect(await productCount({ SEED_DEMO: "1" })).toBeGreaterThanOrEqual(42);
  });
});
