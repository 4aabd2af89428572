import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { flags } from "~/server/db/schema.server";
import { getFlags, setFlag } from "~/server/site/flags.server";
import { setupTestDatabase } from "../db-utils";

describe("flags", () => {
  const ready = setupTestDatabase();

  it("serves from the cache, and sees another writer's change once the cache is 2 s old", async () => {
    const { db } = await ready;
    expect((await getFlags()).campaignAires).toBe(false);
    // Another process or instance writes the flag directly.
    await db.update(flags).set({ enabled: true }).where(eq(flags.name, "campaignAires"));
    expect((await getFlags()).campaignAires).toBe(false);
    expect((await getFlags(Date.now() + 2100)).campaignAires).toBe(true);
  });

  it("sees its own writes at once", async () => {
    const { db } = await ready;
    await setFlag(db, "maintenance", true);
    expect((await getFlags()).maintenance).toBe(true);
    await setFlag(db, "maintenance", false);
    expect((await getFlags()).maintenance).toBe(false);
  });
});
