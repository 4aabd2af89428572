import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as feedLoader } from "~/routes/jobs/calendar-feed";
import { loader as technicianHomeLoader } from "~/routes/jobs/technician-home";
import type { Admin } from "~/server/accounts/admin-access.server";
import { changeAccount } from "~/server/accounts/customer-changes.server";
import { acceptAsAccount, acceptAsNewAccount, inviteTechnician } from "~/server/accounts/invitations.server";
import { getAuth } from "~/server/auth.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { auditLog, outbox, user } from "~/server/db/schema.server";
import { renewFeed } from "~/server/jobs/calendar-feeds.server";
import { adminRequest, settle, technicianSession } from "../support/admin-utils";
import { signUp } from "../support/auth-utils";
import { freshIp } from "../support/login-utils";
import { twoInstances } from "../support/pg-instances";

/*
 * Issue 28 on PostgreSQL with two app instances (two pools, as two processes): disabling a
 * technician on one ends their session and calendar feed on the other at once (nothing is
 * cached in a process), and one invitation accepted at the same moment on both gives the role
 * once: the other finds it used. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITEN los papeles del personal en PostgreSQL ***\n");

const OWNER: Admin = { id: "duena-pg", email: "duena.pg@termoclima.test", name: "Dueña", sessionToken: "x" };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

describe.skipIf(!url)("staff roles on two instances of PostgreSQL", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  /** Runs `work` as the given instance would: its pool behind getDb() and better-auth. */
  async function on<T>(instance: DatabaseHandle, work: () => Promise<T>): Promise<T> {
    installDatabaseHandle(instance);
    try {
      return await work();
    } finally {
      installDatabaseHandle(instances.first);
    }
  }

  beforeAll(async () => {
    instances = await twoInstances(url!, "personal");
    await instances.first.db.insert(user).values({ id: OWNER.id, email: OWNER.email, name: OWNER.name, emailVerified: true, role: "admin" });
  });
  afterAll(async () => {
    await instances?.drop();
  });

  it("disabling a technician on instance 1 ends their session and feed on instance 2 at once", async () => {
    const { first, second } = instances;
    const tech = await technicianSession(first.db, "tecnico.pg@termoclima.test", "Técnico PG");
    const token = await renewFeed(first.db, { email: OWNER.email }, tech.id);
    const file = `${token}.ics`;
    const home = () => settle(() => technicianHomeLoader(args(adminRequest("/tecnico", tech.cookie))));
    const feed = () => settle(() => feedLoader(args(new Request(`http://localhost/calendario/${file}`), { file })));
    expect((await on(second, home)).status).toBe(200);
    expect((await on(second, feed)).status).toBe(200);

    const disabled = await changeAccount(first.db, OWNER, tech.id, "disable");
    expect(disabled.ok).toBe(true);
    expect((await on(second, home)).status).toBe(404);
    expect((await on(second, feed)).status).toBe(404);
  });

  async function invitationTokenOf(email: string): Promise<string> {
    const [mail] = await instances.first.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${email}`)
      .orderBy(desc(outbox.id))
      .limit(1);
    return /\/invitacion\/([A-Za-z0-9_-]+)/.exec(String(mail?.payload.text))![1]!;
  }

  it("one invitation accepted at the same moment on both instances makes one account, once", async () => {
    const { first, second } = instances;
    const context = await (await getAuth()).$context;
    const hash = await context.password.hash("tornillo verde bajo la caldera 47");
    for (let i = 0; i < 5; i++) {
      const email = `carrera${i}.pg@termoclima.test`;
      expect((await inviteTechnician(first.db, OWNER, { name: `Carrera ${i}`, email })).ok).toBe(true);
      const token = await invitationTokenOf(email);
      const answers = await Promise.all([acceptAsNewAccount(first.db, token, hash), acceptAsNewAccount(second.db, token, hash)]);
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, reason: "gone" }]);
      const rows = await first.db.select({ role: user.role }).from(user).where(eq(user.email, email));
      expect(rows).toEqual([{ role: "tecnico" }]);
    }
  });

  it("an existing account accepting on both instances at once gets the role once (one audit line)", async () => {
    const { first, second } = instances;
    for (let i = 0; i < 5; i++) {
      const email = `existente${i}.pg@termoclima.test`;
      await signUp(email, "contraseña-segura-1", `Existente ${i}`, freshIp());
      const [account] = await first.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      expect((await inviteTechnician(first.db, OWNER, { name: `Existente ${i}`, email })).ok).toBe(true);
      const token = await invitationTokenOf(email);
      const answers = await Promise.all([acceptAsAccount(first.db, token, account!), acceptAsAccount(second.db, token, account!)]);
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, reason: "gone" }]);
      const lines = await first.db.select().from(auditLog).where(and(eq(auditLog.entityId, account!.id), eq(auditLog.action, "aceptar invitación de técnico")));
      expect(lines).toHaveLength(1);
    }
  });
});
