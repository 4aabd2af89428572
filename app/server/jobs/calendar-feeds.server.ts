import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { TECHNICIAN_ROLE } from "../accounts/staff-roles.server";
import { audit, type Actor } from "../audit.server";
import { publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { user } from "../accounts/accounts-schema.server";
import { calendarFeeds } from "./jobs-schema.server";

/*
 * A technician's private calendar address (issue 17): /calendario/<token>.ics, a secret of 32
 * random bytes. One is live at a time; renewing revokes the previous one, revoking stops it at
 * once (the feed reads the row on every request, nothing is cached).
 */

export function feedUrl(token: string): string {
  return `${publicShopInfo().baseUrl}/calendario/${token}.ics`;
}

export async function activeFeed(db: Database, userId: string): Promise<{ token: string; createdAt: Date } | null> {
  const [row] = await db
    .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return row ?? null;
}

/** Stops the technician's live addresses at once (renewing, revoking, disabling the account); returns the rows. */
export async function revokeLiveFeeds(tx: Pick<Database, "update">, userId: string, now: Date): Promise<Array<{ id: number }>> {
  return tx
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
}

/** A new address for the technician; any earlier one stops working. */
export async function renewFeed(db: Database, actor: Actor, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    const now = new Date();
    const revoked = await revokeLiveFeeds(tx, userId, now);
    await tx.insert(calendarFeeds).values({ userId, token, createdAt: now });
    await audit(tx, actor, {
      action: revoked.length ? "renovar calendario del técnico" : "crear calendario del técnico",
      entity: "cliente",
      entityId: userId,
      after: { calendariosRevocados: revoked.length },
    });
  });
  return token;
}

export async function revokeFeed(db: Database, actor: Actor, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await revokeLiveFeeds(tx, userId, new Date());
    if (revoked.length) await audit(tx, actor, { action: "revocar calendario del técnico", entity: "cliente", entityId: userId, after: { calendariosRevocados: revoked.length } });
    return revoked.length;
  });
}

/**
 * The technician a live token belongs to, or null: still a technician and not disabled (issue 28:
 * disabling revokes the feeds too, but a row missed by anything must not keep a feed alive).
 */
export async function feedOwner(db: Database, token: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: user.id, name: user.name })
    .from(calendarFeeds)
    .innerJoin(user, eq(user.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), isNull(calendarFeeds.revokedAt), eq(user.role, TECHNICIAN_ROLE), sql`${user.banned} is not true`))
    .limit(1);
  return row ?? null;
}
