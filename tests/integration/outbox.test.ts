import { eq } from "drizzle-orm";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { outbox } from "~/server/db/schema.server";
import { outboxMessageId, resetMailTransport, SMTP_TIMEOUTS } from "~/server/mail.server";
import { emailHandler, MAYBE_SENT_MESSAGE, registerOutboxHandlers } from "~/server/outbox-handlers.server";
import {
  backoffMs,
  DeliveryError,
  enqueue,
  MAX_ATTEMPTS,
  outboxSettings,
  processDueEntries,
  registerOutboxHandler,
} from "~/server/outbox.server";
import { TRELLO_TIMEOUT_MS } from "~/server/quotes/trello.server";
import { setupTestDatabase } from "../db-utils";
import { startSmtpCapture } from "../support/smtp-capture";
import { gate } from "../support/gate";

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

const DEFAULT_SETTINGS = { ...outboxSettings };

/** Another worker's rounds until it claims something: the first worker's lease has run out. */
async function otherWorkerTakesOver() {
  await vi.waitFor(async () => expect(await processDueEntries(1)).toBe(1), { timeout: 10_000, interval: 20 });
}

describe("claims (issue 10: never twice)", () => {
  beforeEach(async () => {
    const { db } = await ready;
    // Entries left waiting by earlier tests must not be claimed here.
    await db.update(outbox).set({ status: "skipped" }).where(eq(outbox.status, "pending"));
  });
  afterEach(() => {
    Object.assign(outboxSettings, DEFAULT_SETTINGS);
  });

  it("a stale claim cannot finish an entry that another worker took over", async () => {
    const { db } = await ready;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // The first worker freezes (no heartbeat gets through) past its short lease.
    Object.assign(outboxSettings, { leaseMs: 200, heartbeatMs: 60_000 });
    const stale = gate();
    const current = gate();
    let calls = 0;
    registerOutboxHandler("prueba-relevo", async () => {
      const mine = ++calls === 1 ? stale : current;
      mine.enter();
      await mine.opened;
      if (mine === stale) throw new Error("ECONNRESET"); // what the stale worker would record: a retry
    });
    const id = await enqueue(db, "prueba-relevo", {});
    const first = processDueEntries(1);
    await stale.entered;
    const firstToken = (await entry(id)).claimToken;
    await vi.waitFor(async () => expect(Date.now()).toBeGreaterThan((await entry(id)).lockedUntil!.getTime() + 20), {
      timeout: 10_000,
      interval: 20,
    });
    // Another worker takes the entry and is still sending it when the stale one wakes up.
    const second = processDueEntries(1);
    await current.entered;
    const secondToken = (await entry(id)).claimToken;
    expect(secondToken).not.toBe(firstToken);
    stale.open();
    await first;
    const meanwhile = await entry(id);
    expect(meanwhile).toMatchObject({ status: "pending", attempts: 2, claimToken: secondToken, lastError: null });
    // Still held: no third worker can claim it while the second one sends.
    expect(meanwhile.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await processDueEntries(1)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`#${id}: otro proceso se hizo cargo`)));
    current.open();
    await second;
    expect(await entry(id)).toMatchObject({ status: "done", attempts: 2, claimToken: null, lastError: null });
  });

  it("a stale claim cannot start a send: context.sending() refuses it", async () => {
    const { db } = await ready;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    Object.assign(outboxSettings, { leaseMs: 200, heartbeatMs: 60_000 });
    const frozen = gate();
    const sends: string[] = [];
    let calls = 0;
    registerOutboxHandler("prueba-envio-tardio", async (_entry, context) => {
      const worker = ++calls === 1 ? "primero" : "segundo";
      if (worker === "primero") {
        frozen.enter();
        await frozen.opened;
      }
      await context.sending();
      sends.push(worker);
    });
    const id = await enqueue(db, "prueba-envio-tardio", {});
    const first = processDueEntries(1);
    await frozen.entered;
    await otherWorkerTakesOver();
    frozen.open();
    await first;
    expect(sends).toEqual(["segundo"]);
    expect((await entry(id)).status).toBe("done");
  });

  it("a slow handler keeps its lease: the heartbeat extends it, no other worker gets the entry", async () => {
    const { db } = await ready;
    Object.assign(outboxSettings, { leaseMs: 300, heartbeatMs: 50 });
    const slow = gate();
    let calls = 0;
    registerOutboxHandler("prueba-lenta", async () => {
      calls++;
      slow.enter();
      await slow.opened;
    });
    const id = await enqueue(db, "prueba-lenta", {});
    const first = processDueEntries(1);
    await slow.entered;
    const claimedUntil = (await entry(id)).lockedUntil!.getTime();
    // Wait until the first lease is over and the heartbeat has moved it on.
    await vi.waitFor(
      async () => {
        expect(Date.now()).toBeGreaterThan(claimedUntil + 100);
        expect((await entry(id)).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(await processDueEntries(1)).toBe(0);
    slow.open();
    await first;
    expect(calls).toBe(1);
    expect(await entry(id)).toMatchObject({ status: "done", attempts: 1, lockedUntil: null });
  });

  it("a handler that hangs is given up at handlerTimeoutMs and its entry retried", async () => {
    const { db } = await ready;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    Object.assign(outboxSettings, { handlerTimeoutMs: 100 });
    let signal: AbortSignal | undefined;
    registerOutboxHandler("prueba-colgada", (_entry, context) => {
      signal = context.signal;
      return new Promise(() => {});
    });
    const id = await enqueue(db, "prueba-colgada", {});
    await processDueEntries(1);
    expect(signal?.aborted).toBe(true);
    expect(await entry(id)).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null, lastError: "sin terminar en 0.1 s" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`prueba-colgada #${id} intento 1: sin terminar en 0.1 s`));
  });

  it("on shutdown, entries claimed but not started are handed back at once, not held for the lease", async () => {
    const { db } = await ready;
    const stopping = new AbortController();
    const sent: number[] = [];
    registerOutboxHandler("prueba-cierre", async (e) => {
      sent.push(e.id);
      stopping.abort(); // SIGTERM arrives while the first entry is being sent
    });
    const ids = [await enqueue(db, "prueba-cierre", {}), await enqueue(db, "prueba-cierre", {}), await enqueue(db, "prueba-cierre", {})];
    expect(await processDueEntries(3, db, stopping.signal)).toBe(3);
    expect(sent).toEqual([ids[0]]);
    expect(await entry(ids[0]!)).toMatchObject({ status: "done", attempts: 1 });
    for (const id of ids.slice(1)) {
      expect(await entry(id)).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null, claimToken: null });
    }
    expect(await processDueEntries(3)).toBe(2);
    expect(sent).toEqual(ids);
  });

  it("handlers' own timeouts are shorter than the lease", () => {
    const { connectionTimeout, greetingTimeout, socketTimeout } = SMTP_TIMEOUTS;
    expect(connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan(outboxSettings.leaseMs);
    expect(2 * TRELLO_TIMEOUT_MS).toBeLessThan(outboxSettings.leaseMs);
    expect(outboxSettings.heartbeatMs * 3).toBeLessThanOrEqual(outboxSettings.leaseMs);
  });
});

describe("an e-mail interrupted between the send and the bookkeeping", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  beforeEach(async () => {
    const { db } = await ready;
    await db.update(outbox).set({ status: "skipped" }).where(eq(outbox.status, "pending"));
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    resetMailTransport();
    smtp.messages.length = 0;
  });
  afterEach(() => {
    Object.assign(outboxSettings, DEFAULT_SETTINGS);
    registerOutboxHandler("email", emailHandler());
  });
  afterAll(async () => {
    await smtp.close();
  });

  const mail = { to: "cliente@example.com", subject: "Pedido 124-221126", text: "Gracias por su pedido." };

  it("the handler throws after the server took it: done, one message with the entry's Message-ID", async () => {
    const { db } = await ready;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const real = emailHandler();
    registerOutboxHandler("email", async (e, context) => {
      await real(e, context);
      throw new Error("fallo después del envío");
    });
    const id = await enqueue(db, "email", mail);
    await processDueEntries(1);
    expect(await processDueEntries(1)).toBe(0);
    const row = await entry(id);
    expect(row).toMatchObject({ status: "done" });
    expect(row.sentAt).not.toBeNull();
    expect(smtp.messages.map((m) => m.messageId)).toEqual([outboxMessageId(row)]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("enviado, pero después falló"));
  });

  it("the process dies after the send: the next worker does not send it again and flags it", async () => {
    const { db } = await ready;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    Object.assign(outboxSettings, { leaseMs: 200, heartbeatMs: 60_000 });
    const dead = gate();
    const real = emailHandler();
    registerOutboxHandler("email", async (e, context) => {
      // Killed between the server's "250 OK" and the record of it: nothing after the send runs.
      await real(e, { ...context, sent: () => new Promise(() => dead.enter()) });
    });
    const id = await enqueue(db, "email", mail);
    void processDueEntries(1);
    await dead.entered;
    expect(smtp.messages).toHaveLength(1);
    registerOutboxHandler("email", emailHandler());
    await otherWorkerTakesOver();
    const row = await entry(id);
    expect(row).toMatchObject({ status: "failed", attempts: 2, lastError: MAYBE_SENT_MESSAGE, sentAt: null });
    expect(smtp.messages.map((m) => m.messageId)).toEqual([outboxMessageId(row)]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`email #${id} fallido`));
  });

  it("a refusal by the server is surely not a send: retried, and the retry keeps the Message-ID", async () => {
    const { db } = await ready;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const refusing = await startSmtpCapture({ rejectWith: 451 });
    process.env.SMTP_URL = refusing.url;
    resetConfigForTests();
    resetMailTransport();
    const id = await enqueue(db, "email", mail);
    await processDueEntries(1);
    expect(await entry(id)).toMatchObject({ status: "pending", attempts: 1, sendStartedAt: null });
    await refusing.close();
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    resetMailTransport();
    await makeDue(id);
    await processDueEntries(1);
    const row = await entry(id);
    expect(row).toMatchObject({ status: "done", attempts: 2 });
    expect(smtp.messages.map((m) => m.messageId)).toEqual([outboxMessageId(row)]);
  });

  it("without SMTP, the .eml file named by the Message-ID makes the resend a no-op", async () => {
    const { db } = await ready;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    delete process.env.SMTP_URL;
    resetConfigForTests();
    Object.assign(outboxSettings, { leaseMs: 200, heartbeatMs: 60_000 });
    const dead = gate();
    const real = emailHandler();
    registerOutboxHandler("email", async (e, context) => {
      await real(e, { ...context, sent: () => new Promise(() => dead.enter()) });
    });
    const id = await enqueue(db, "email", { ...mail, subject: "Pedido 125-221126" });
    void processDueEntries(1);
    await dead.entered;
    registerOutboxHandler("email", emailHandler());
    await otherWorkerTakesOver();
    const row = await entry(id);
    expect(row).toMatchObject({ status: "done", attempts: 2 });
    const name = `${outboxMessageId(row).slice(1).split("@")[0]}.eml`;
    const files = readdirSync(path.join(dataDir, "mail")).filter((file) => file.includes(`outbox-${id}-`));
    expect(files).toEqual([name]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("ya estaba guardado"));
  });
});
