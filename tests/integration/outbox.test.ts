import { eq } from "drizzle-orm";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/schema.server";
import { resetMailTransport } from "~/server/mail.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { backoffMs, DeliveryError, enqueue, MAX_ATTEMPTS, processDueEntries, registerOutboxHandler } from "~/server/outbox.server";
import { setupTestDatabase } from "../db-utils";
import { startSmtpCapture } from "../support/smtp-capture";

const ready = setupTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "outbox-"));
process.env.DATA_DIR = dataDir;
resetConfigForTests();
registerOutboxHandlers();
afterAll(() => {
  delete process.env.SMTP_URL;
  resetConfigForTests();
  resetMailTransport();
});

async function entry(id: number) {
  const { db } = await ready;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

/** Lets an entry that waits for a retry be due now. */
async function makeDue(id: number) {
  const { db } = await ready;
  await db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, id));
}

describe("outbox", () => {
  it("delivers once and marks done", async () => {
    const { db } = await ready;
    const sent: unknown[] = [];
    registerOutboxHandler("prueba-ok", async (e) => void sent.push(e.payload));
    const id = await enqueue(db, "prueba-ok", { n: 1 });
    expect(await processDueEntries()).toBe(1);
    expect(await processDueEntries()).toBe(0);
    expect(sent).toEqual([{ n: 1 }]);
    expect(await entry(id)).toMatchObject({ status: "done", attempts: 1, lockedUntil: null });
  });

  it("retries a passing failure later, then succeeds", async () => {
    const { db } = await ready;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let calls = 0;
    registerOutboxHandler("prueba-reintento", async () => {
      if (++calls === 1) throw new Error("ECONNRESET");
    });
    const id = await enqueue(db, "prueba-reintento", {});
    await processDueEntries();
    const waiting = await entry(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "ECONNRESET" });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await processDueEntries()).toBe(0);
    await makeDue(id);
    await processDueEntries();
    expect(await entry(id)).toMatchObject({ status: "done", attempts: 2 });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("stops at once on a final error, and after MAX_ATTEMPTS on passing ones", async () => {
    const { db } = await ready;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    registerOutboxHandler("prueba-401", async () => {
      throw new DeliveryError("401 invalid token", false);
    });
    const final = await enqueue(db, "prueba-401", {});
    await processDueEntries();
    expect(await entry(final)).toMatchObject({ status: "failed", attempts: 1, lastError: "401 invalid token" });

    registerOutboxHandler("prueba-siempre-falla", async () => {
      throw new Error("timeout");
    });
    const flaky = await enqueue(db, "prueba-siempre-falla", {});
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await makeDue(flaky);
      await processDueEntries();
    }
    expect(await entry(flaky)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it("marks skipped what a service that is not configured cannot take", async () => {
    const { db } = await ready;
    registerOutboxHandler("prueba-apagado", async () => "skipped");
    const id = await enqueue(db, "prueba-apagado", {});
    await processDueEntries();
    expect((await entry(id)).status).toBe("skipped");
  });

  it("backs off exponentially with jitter, capped at 15 minutes", () => {
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(1, () => 1)).toBe(2000);
    expect(backoffMs(3, () => 1)).toBe(8000);
    expect(backoffMs(30, () => 1)).toBe(15 * 60_000);
  });
});

describe("e-mail entries", () => {
  it("without SMTP_URL, writes an .eml file under DATA_DIR/mail", async () => {
    const { db } = await ready;
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const id = await enqueue(db, "email", { to: "cliente@example.com", subject: "Pedido 123-221126", text: "Gracias por su pedido." });
    await processDueEntries();
    expect((await entry(id)).status).toBe("done");
    const files = readdirSync(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, "mail", files[0]!), "utf8");
    expect(eml).toContain("To: cliente@example.com");
    expect(eml).toContain("Subject: Pedido 123-221126");
    expect(log).toHaveBeenCalled();
  });

  it("through a real SMTP server; a 550 refusal is final, a server that is down is retried", async () => {
    const { db } = await ready;
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    resetMailTransport();
    const id = await enqueue(db, "email", { to: "cliente@example.com", subject: "Confirmación de pedido", text: "Importe: 1.234,50 €" });
    await processDueEntries();
    expect((await entry(id)).status).toBe("done");
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.subject).toBe("Confirmación de pedido");
    expect(smtp.messages[0]!.text).toContain("1.234,50 €");
    await smtp.close();

    const refusing = await startSmtpCapture({ rejectWith: 550 });
    process.env.SMTP_URL = refusing.url;
    resetConfigForTests();
    resetMailTransport();
    const refused = await enqueue(db, "email", { to: "nadie@example.com", subject: "x", text: "x" });
    await processDueEntries();
    expect((await entry(refused)).status).toBe("failed");
    await refusing.close();

    // Nothing listens there any more: a connection error, tried again later.
    resetMailTransport();
    const down = await enqueue(db, "email", { to: "cliente@example.com", subject: "x", text: "x" });
    await processDueEntries();
    expect(await entry(down)).toMatchObject({ status: "pending", attempts: 1 });
  });
});
