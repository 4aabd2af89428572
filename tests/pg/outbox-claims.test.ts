import { eq } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { outbox } from "~/server/db/shared-schema.server";
import { outboxMessageId, resetMailTransport } from "~/server/mail.server";
import { emailHandler, MAYBE_SENT_MESSAGE } from "~/server/outbox-handlers.server";
import { enqueue, outboxSettings, processDueEntries, registerOutboxHandler } from "~/server/outbox.server";
import { startSmtpCapture } from "../support/smtp-capture";
import { twoInstances } from "../support/pg-instances";
import { gate } from "../support/gate";

/**
 * The outbox's promise "never twice" on PostgreSQL, with two instances (two pools): a stale
 * claim cannot finish or send, a slow send keeps its lease, and an e-mail whose sender died
 * after the server took it reaches the SMTP server once. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL del outbox ***\n");

describe.skipIf(!url)("outbox claims on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let a: Database;
  let b: Database;
  const defaults = { ...outboxSettings };

  beforeAll(async () => {
    instances = await twoInstances(url!, "outbox");
    a = instances.first.db;
    b = instances.second.db;
    smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "outbox-pg-"));
    resetConfigForTests();
    resetMailTransport();
  });
  afterEach(() => {
    Object.assign(outboxSettings, defaults);
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetConfigForTests();
    resetMailTransport();
    await smtp?.close();
    await instances?.drop();
  });

  const row = async (id: number) => (await a.select().from(outbox).where(eq(outbox.id, id)))[0]!;
  const leaseOver = (id: number) =>
    vi.waitFor(async () => expect(Date.now()).toBeGreaterThan((await row(id)).lockedUntil!.getTime() + 20), { timeout: 10_000, interval: 20 });

  it("instance A, frozen past its lease, can neither send nor finish what instance B took over", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    Object.assign(outboxSettings, { leaseMs: 300, heartbeatMs: 60_000 });
    const frozen = gate();
    const sending = gate();
    const sends: string[] = [];
    registerOutboxHandler("prueba-pg-relevo", async (entry, context) => {
      const who = entry.attempts === 1 ? "A" : "B";
      if (who === "A") {
        frozen.enter();
        await frozen.opened;
      } else {
        sending.enter();
        await sending.opened;
      }
      await context.sending();
      sends.push(who);
    });
    const id = await enqueue(a, "prueba-pg-relevo", {});
    const first = processDueEntries(1, a);
    await frozen.entered;
    await leaseOver(id);
    const second = processDueEntries(1, b);
    await sending.entered;
    frozen.open();
    await first;
    expect(sends).toEqual([]);
    expect(await processDueEntries(1, a)).toBe(0);
    sending.open();
    await second;
    expect(sends).toEqual(["B"]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2, claimToken: null });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`#${id}: otro proceso se hizo cargo`)));
  });

  it("a slow send on A keeps its lease; B's rounds find nothing to claim", async () => {
    Object.assign(outboxSettings, { leaseMs: 400, heartbeatMs: 50 });
    const slow = gate();
    let calls = 0;
    registerOutboxHandler("prueba-pg-lenta", async () => {
      calls++;
      slow.enter();
      await slow.opened;
    });
    const id = await enqueue(a, "prueba-pg-lenta", {});
    const first = processDueEntries(1, a);
    await slow.entered;
    const claimedUntil = (await row(id)).lockedUntil!.getTime();
    await vi.waitFor(
      async () => {
        expect(Date.now()).toBeGreaterThan(claimedUntil + 100);
        expect((await row(id)).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(await processDueEntries(1, b)).toBe(0);
    slow.open();
    await first;
    expect(calls).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("A dies after the SMTP server took the e-mail: B does not send it again; one message, one Message-ID", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    Object.assign(outboxSettings, { leaseMs: 300, heartbeatMs: 60_000 });
    const dead = gate();
    const real = emailHandler();
    registerOutboxHandler("email", async (entry, context) => {
      if (entry.attempts > 1) return real(entry, context);
      // A: killed between the server's "250 OK" and the record of it.
      await real(entry, { ...context, sent: () => new Promise(() => dead.enter()) });
    });
    const id = await enqueue(a, "email", { to: "cliente@example.com", subject: "Pedido 200-221126", text: "Gracias." });
    void processDueEntries(1, a);
    await dead.entered;
    await leaseOver(id);
    expect(await processDueEntries(1, b)).toBe(1);
    const entry = await row(id);
    expect(entry).toMatchObject({ status: "failed", attempts: 2, lastError: MAYBE_SENT_MESSAGE });
    expect(smtp.messages.map((mail) => mail.messageId)).toEqual([outboxMessageId(entry)]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`email #${id} fallido`));
  });
});
