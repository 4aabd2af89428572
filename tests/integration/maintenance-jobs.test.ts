import { eq, inArray, like } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DAY_MS, MINUTE_MS, RETENTION } from "~/domain/site/retention";
import { session, signInFailures, user, verification } from "~/server/accounts/accounts-schema.server";
import { baskets } from "~/server/basket/basket-schema.server";
import { customers } from "~/server/customers/customers-schema.server";
import { outbox, requestLimits, scheduledTasks } from "~/server/db/shared-schema.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";
import {
  enforcePrivacyRetention,
  MAINTENANCE_TASKS,
  purgeAbandonedBaskets,
  purgeOutbox,
  purgeRateLimits,
} from "~/server/scheduled/maintenance.server";
import { runDueTasks, schedulerSettings, startScheduler, type ScheduledTask } from "~/server/scheduled/scheduler.server";
import { madridTime, nextMadridTime } from "~/domain/dates/madrid-dates";
import { contactRateLimit } from "~/server/rate-limit.server";
import { setupTestDatabase } from "../db-utils";
import { gate } from "../support/gate";

const ready = setupTestDatabase();
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
const defaults = { ...schedulerSettings };
afterEach(() => {
  Object.assign(schedulerSettings, defaults);
});

async function taskRow(name: string) {
  const { db } = await ready;
  return (await db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name)))[0]!;
}

describe("scheduled tasks", () => {
  // The test database must be the process's one before runDueTasks asks for it.
  beforeAll(() => ready);

  it("a due task runs, says what it did, and waits for its next run", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    let runs = 0;
    const task: ScheduledTask = { name: "prueba-diaria", everyMs: DAY_MS, run: async () => `hecho ${++runs}` };
    expect(await runDueTasks([task])).toEqual(["prueba-diaria"]);
    expect(await runDueTasks([task])).toEqual([]);
    expect(runs).toBe(1);
    expect(log).toHaveBeenCalledWith("[tareas] prueba-diaria: hecho 1");
    const row = await taskRow("prueba-diaria");
    expect(row).toMatchObject({ lastResult: "hecho 1", lastFailed: false, lockedUntil: null, claimToken: null });
    expect(row.nextRunAt.getTime() - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    // Its time comes: it runs again.
    const { db } = await ready;
    await db.update(scheduledTasks).set({ nextRunAt: ago(1000) }).where(eq(scheduledTasks.name, "prueba-diaria"));
    expect(await runDueTasks([task])).toEqual(["prueba-diaria"]);
    expect(runs).toBe(2);
  });

  it("a task at a time of day waits for it on Madrid's clock, first and after each run (decision 0034)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { db } = await ready;
    let runs = 0;
    const task: ScheduledTask = { name: "prueba-a-las-ocho", everyMs: DAY_MS, at: "08:00", run: async () => `hecho ${++runs}` };
    const expected = () => nextMadridTime(new Date(), "08:00").getTime();
    expect(await runDueTasks([task])).toEqual([]);
    expect(Math.abs((await taskRow("prueba-a-las-ocho")).nextRunAt.getTime() - expected())).toBeLessThan(60_000);
    await db.update(scheduledTasks).set({ nextRunAt: ago(1000) }).where(eq(scheduledTasks.name, "prueba-a-las-ocho"));
    expect(await runDueTasks([task])).toEqual(["prueba-a-las-ocho"]);
    const next = (await taskRow("prueba-a-las-ocho")).nextRunAt;
    expect(Math.abs(next.getTime() - expected())).toBeLessThan(60_000);
    expect(madridTime(next)).toBe("08:00");
    expect(runs).toBe(1);
  });

  it("a failing task is logged and retried sooner; the others still run", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing: ScheduledTask = { name: "prueba-falla", everyMs: DAY_MS, run: async () => Promise.reject(new Error("sin disco")) };
    const fine: ScheduledTask = { name: "prueba-bien", everyMs: DAY_MS, run: async () => "bien" };
    expect(await runDueTasks([failing, fine])).toEqual(["prueba-falla", "prueba-bien"]);
    expect(errors).toHaveBeenCalledWith("[tareas] prueba-falla falló: sin disco; se reintenta en 15 min");
    const row = await taskRow("prueba-falla");
    expect(row).toMatchObject({ lastResult: "sin disco", lastFailed: true, lockedUntil: null });
    expect(row.nextRunAt.getTime() - Date.now()).toBeLessThan(16 * MINUTE_MS);
  });

  it("a run in progress is not started again, even once its first lease is over (heartbeat)", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    Object.assign(schedulerSettings, { leaseMs: 300, heartbeatMs: 50 });
    const slow = gate();
    let runs = 0;
    const task: ScheduledTask = {
      name: "prueba-lenta",
      everyMs: DAY_MS,
      run: async () => {
        runs++;
        slow.enter();
        await slow.opened;
        return "hecho";
      },
    };
    const first = runDueTasks([task]);
    await slow.entered;
    const claimedUntil = (await taskRow("prueba-lenta")).lockedUntil!.getTime();
    await vi.waitFor(
      async () => {
        expect(Date.now()).toBeGreaterThan(claimedUntil + 100);
        expect((await taskRow("prueba-lenta")).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(await runDueTasks([task])).toEqual([]);
    slow.open();
    expect(await first).toEqual(["prueba-lenta"]);
    expect(runs).toBe(1);
  });

  it("the scheduler started with the server runs due tasks and stops cleanly", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    let runs = 0;
    const scheduler = startScheduler([{ name: "prueba-arranque", everyMs: DAY_MS, run: async () => `hecho ${++runs}` }], 20);
    await vi.waitFor(async () => expect((await taskRow("prueba-arranque")).lastResult).toBe("hecho 1"));
    await scheduler.stop();
    expect(runs).toBe(1);
  });

  it("the maintenance tasks: baskets, rate limits, outbox, the page cache's change log, privacy retention, back-in-stock alerts, unpaid transfers, payment windows, VERI*FACTU records left waiting, the reminders of quotes and jobs, the deposits' windows, untied customer records, the plans' renewals (at 08:00) and visits (at 08:30, and their days done), the automatic backup (at 03:30) and its restore drill (Sundays at 05:00)", () => {
    expect(MAINTENANCE_TASKS.map((task) => [task.name, task.everyMs, ...(task.at ? [task.at] : []), ...(task.weekday ? [task.weekday] : [])])).toEqual([
      ["purge-baskets", DAY_MS],
      ["purge-rate-limits", 5 * MINUTE_MS],
      ["purge-outbox", DAY_MS],
      ["purge-page-changes", 10 * MINUTE_MS],
      ["privacy-retention", DAY_MS],
      ["purge-stock-alerts", 60 * MINUTE_MS],
      ["transfer-deadlines", 15 * MINUTE_MS],
      ["payment-windows", MINUTE_MS],
      ["verifactu-catch-up", MINUTE_MS],
      ["quote-reminders", 15 * MINUTE_MS],
      ["job-reminders", 15 * MINUTE_MS],
      ["deposit-windows", 15 * MINUTE_MS],
      ["customer-links", 15 * MINUTE_MS],
      ["plan-renewals", DAY_MS, "08:00"],
      ["plan-visits", DAY_MS, "08:30"],
      ["backup", DAY_MS, "03:30"],
      ["restore-drill", 7 * DAY_MS, "05:00", 7],
      ["plan-visits-done", 15 * MINUTE_MS],
    ]);
    // A limit with a longer window would be cut short by the purge.
    expect(contactRateLimit().windowMs).toBeLessThanOrEqual(RETENTION.rateLimitWindowMinutes * MINUTE_MS);
  });
});

describe("purges", () => {
  it("abandoned baskets: older than 30 days gone, younger kept", async () => {
    const { db } = await ready;
    await db.insert(baskets).values([
      { id: "cesta-abandonada", lines: [], updatedAt: ago(31 * DAY_MS) },
      { id: "cesta-reciente", lines: [], createdAt: ago(60 * DAY_MS), updatedAt: ago(29 * DAY_MS) },
    ]);
    expect(await purgeAbandonedBaskets(db, now)).toBe("cestas sin cambios en 30 días borradas: 1");
    const left = await db.select({ id: baskets.id }).from(baskets).where(like(baskets.id, "cesta-%"));
    expect(left.map((row) => row.id)).toEqual(["cesta-reciente"]);
  });

  it("rate-limit counters: windows over gone, open ones kept", async () => {
    const { db } = await ready;
    const t = now.getTime();
    await db.insert(requestLimits).values([
      { key: "contacto:203.0.113.1", count: 5, windowStart: t - 11 * MINUTE_MS, expiresAt: t - MINUTE_MS },
      { key: "contacto:203.0.113.2", count: 2, windowStart: t - 9 * MINUTE_MS, expiresAt: t + MINUTE_MS },
    ]);
    // Failed sign-ins per account (issue 28): forgotten a day after the last one.
    await db.insert(signInFailures).values([
      { email: "vieja@example.com", failures: 7, lastFailedAt: ago(25 * 60 * MINUTE_MS) },
      { email: "reciente@example.com", failures: 7, lastFailedAt: ago(23 * 60 * MINUTE_MS) },
    ]);
    expect(await purgeRateLimits(db, now)).toBe(
      "contadores de límites de peticiones con la ventana cerrada borrados: 1; fallos de inicio de sesión de más de 24 horas: 1",
    );
    expect((await db.select({ email: signInFailures.email }).from(signInFailures)).map((row) => row.email)).toEqual(["reciente@example.com"]);
    const ours = await db.select({ key: requestLimits.key }).from(requestLimits).where(like(requestLimits.key, "contacto:203.0.113.%"));
    expect(ours.map((row) => row.key)).toEqual(["contacto:203.0.113.2"]);
  });

  it("outbox: delivered after 30 days, failed after 180, pending never", async () => {
    const { db } = await ready;
    const rows = await db
      .insert(outbox)
      .values([
        { kind: "purga", payload: { n: "hecho-viejo" }, status: "done", updatedAt: ago(31 * DAY_MS) },
        { kind: "purga", payload: { n: "hecho-reciente" }, status: "done", updatedAt: ago(29 * DAY_MS) },
        { kind: "purga", payload: { n: "omitido-viejo" }, status: "skipped", updatedAt: ago(31 * DAY_MS) },
        { kind: "purga", payload: { n: "fallido-reciente" }, status: "failed", updatedAt: ago(179 * DAY_MS) },
        { kind: "purga", payload: { n: "fallido-viejo" }, status: "failed", updatedAt: ago(181 * DAY_MS) },
        { kind: "purga", payload: { n: "pendiente-viejo" }, status: "pending", updatedAt: ago(400 * DAY_MS), nextAttemptAt: ago(-DAY_MS) },
      ])
      .returning({ id: outbox.id });
    expect(await purgeOutbox(db, now)).toBe("envíos borrados: 2 entregados u omitidos de más de 30 días, 1 fallidos de más de 180 días");
    const left = await db.select({ payload: outbox.payload }).from(outbox).where(inArray(outbox.id, rows.map((row) => row.id)));
    expect(left.map((row) => row.payload.n).sort()).toEqual(["fallido-reciente", "hecho-reciente", "pendiente-viejo"]);
  });

  it("privacy retention: quote requests older than a year go with their outbox entries; expired sessions and codes go", async () => {
    const { db } = await ready;
    const request = { nameAndSurname: "Ana Ruiz", phone: "600 000 001", address: "Calle Mayor 1", town: "Madrid" };
    const [old, young] = await db
      .insert(contactRequests)
      .values([
        { ...request, createdAt: ago(366 * DAY_MS) },
        { ...request, createdAt: ago(364 * DAY_MS) },
      ])
      .returning({ id: contactRequests.id });
    const entries = await db
      .insert(outbox)
      .values([
        { kind: "trello_card", payload: { requestId: young!.id }, status: "pending", nextAttemptAt: ago(-DAY_MS) },
        { kind: "trello_card", payload: { requestId: old!.id }, status: "pending", nextAttemptAt: ago(-DAY_MS) },
        // The shop's e-mail about a request names it by its ref only.
        { kind: "email", payload: { to: "info@example.com", subject: "Ana Ruiz" }, ref: `contact:${old!.id}`, status: "failed", nextAttemptAt: ago(-DAY_MS) },
      ])
      .returning({ id: outbox.id });
    await db.insert(user).values({ id: "retencion", name: "Ana", email: "retencion@example.com" });
    await db.insert(session).values([
      { id: "s-caducada", token: "t-caducada", userId: "retencion", expiresAt: ago(1000), ipAddress: "203.0.113.9" },
      { id: "s-abierta", token: "t-abierta", userId: "retencion", expiresAt: ago(-DAY_MS), ipAddress: "203.0.113.9" },
    ]);
    await db.insert(verification).values([
      { id: "v-caducada", identifier: "reset", value: "x", expiresAt: ago(1000) },
      { id: "v-vigente", identifier: "reset", value: "y", expiresAt: ago(-DAY_MS) },
    ]);

    // Customer records (issue 30): one with nothing left after a year goes; one with a request left, or untouched for less, stays.
    const [forgotten, tied, recent] = await db
      .insert(customers)
      .values([
        { name: "Olvido Sanz", phone: "600 000 002", phoneKey: "600000002", updatedAt: ago(366 * DAY_MS) },
        { name: "Ana Ruiz", phone: "600 000 001", phoneKey: "600000001", updatedAt: ago(366 * DAY_MS) },
        { name: "Luis Gil", phone: "600 000 003", phoneKey: "600000003", updatedAt: ago(300 * DAY_MS) },
      ])
      .returning({ id: customers.id });
    await db.update(contactRequests).set({ customerId: tied!.id }).where(eq(contactRequests.id, young!.id));

    expect(await enforcePrivacyRetention(db, now)).toBe(
      "solicitudes de presupuesto de más de un año borradas: 1 (con 2 envíos suyos); avisos de avería de más de tres años: 0; fichas de cliente sin nada de más de un año: 1; sesiones caducadas: 1; códigos de verificación caducados: 1",
    );
    const records = await db.select({ id: customers.id }).from(customers).where(inArray(customers.id, [forgotten!.id, tied!.id, recent!.id]));
    expect(records.map((row) => row.id).sort()).toEqual([tied!.id, recent!.id].sort());
    const requests = await db.select({ id: contactRequests.id }).from(contactRequests).where(inArray(contactRequests.id, [old!.id, young!.id]));
    expect(requests).toEqual([{ id: young!.id }]);
    const leftEntries = await db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, entries.map((e) => e.id)));
    expect(leftEntries).toEqual([{ id: entries[0]!.id }]);
    expect((await db.select({ id: session.id }).from(session).where(eq(session.userId, "retencion"))).map((s) => s.id)).toEqual(["s-abierta"]);
    expect((await db.select({ id: verification.id }).from(verification).where(eq(verification.identifier, "reset"))).map((v) => v.id)).toEqual([
      "v-vigente",
    ]);
  });
});
