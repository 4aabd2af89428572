import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DAY_MS } from "~/domain/site/retention";
import { baskets } from "~/server/basket/basket-schema.server";
import { scheduledTasks } from "~/server/db/shared-schema.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";
import { MAINTENANCE_TASKS } from "~/server/scheduled/maintenance.server";
import { runDueTasks, type ScheduledTask } from "~/server/scheduled/scheduler.server";
import { twoInstances } from "../support/pg-instances";

/**
 * Scheduled tasks on PostgreSQL with two instances (two pools) polling at the same moment:
 * every due run happens on exactly one of them. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de tareas programadas ***\n");

describe.skipIf(!url)("scheduled tasks on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    instances = await twoInstances(url!, "tareas");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  it("two instances polling together: each of 30 due tasks runs once, over several rounds", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const runs = new Map<string, string[]>();
    const tasks: ScheduledTask[] = Array.from({ length: 30 }, (_, i) => ({
      name: `prueba-${i}`,
      everyMs: DAY_MS,
      run: async (db) => {
        const who = db === instances.first.db ? "A" : "B";
        runs.set(`prueba-${i}`, [...(runs.get(`prueba-${i}`) ?? []), who]);
        // A little work, so that the other instance's claims happen while this one runs.
        await db.execute(sql`select pg_sleep(0.005)`);
        return "hecho";
      },
    }));
    const rounds = await Promise.all(
      [0, 1, 2].flatMap(() => [runDueTasks(tasks, instances.first.db), runDueTasks([...tasks].reverse(), instances.second.db)]),
    );
    expect(rounds.flat().sort()).toEqual(tasks.map((task) => task.name).sort());
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    // Both instances took part.
    expect(new Set([...runs.values()].flat())).toEqual(new Set(["A", "B"]));
  });

  it("the maintenance jobs run once a day across both instances, each with its log line", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    log.mockClear();
    const { first, second } = instances;
    await first.db.insert(baskets).values([
      { id: "pg-abandonada", lines: [], updatedAt: new Date(Date.now() - 40 * DAY_MS) },
      { id: "pg-reciente", lines: [] },
    ]);
    await first.db.insert(contactRequests).values({
      nameAndSurname: "Ana Ruiz",
      address: "Calle Mayor 1",
      town: "Madrid",
      createdAt: new Date(Date.now() - 400 * DAY_MS),
    });
    const [a, b] = await Promise.all([runDueTasks(MAINTENANCE_TASKS, first.db), runDueTasks(MAINTENANCE_TASKS, second.db)]);
    // A task at a time of day (the plans' renewals, 08:00) waits for that time, even the first time.
    const atOnce = MAINTENANCE_TASKS.filter((task) => !task.at);
    expect([...a!, ...b!].sort()).toEqual(atOnce.map((task) => task.name).sort());
    const lines = log.mock.calls.map((call) => String(call[0]));
    expect(lines).toContain("[tareas] purge-baskets: cestas sin cambios en 30 días borradas: 1");
    expect(lines.some((line) => line.startsWith("[tareas] privacy-retention: solicitudes de presupuesto de más de un año borradas: 1"))).toBe(true);
    expect(lines).toHaveLength(atOnce.length);
    expect(await runDueTasks(MAINTENANCE_TASKS, second.db)).toEqual([]);
    const [row] = await second.db.select({ n: sql<number>`count(*)::int` }).from(scheduledTasks).where(sql`next_run_at > now() + interval '4 minutes'`);
    expect(row!.n).toBeGreaterThanOrEqual(atOnce.length);
  });
});
