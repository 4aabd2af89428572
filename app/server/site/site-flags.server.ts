import { eq } from "drizzle-orm";
import type { FlagName } from "~/domain/site/flags";
import { audit, type Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { flags } from "../db/schema.server";
import { forgetCachedFlags, setFlag } from "./flags.server";

/**
 * Switches a flag from /admin/sitio (issue 11), with its line in the audit log in the same
 * transaction. The flags cache (FLAG_CACHE_MS, 2 s) carries it to every instance within 5 s.
 * "unchanged": it already was so (a second click, another tab); nothing is written.
 */
export async function switchFlag(db: Database, actor: Actor, name: FlagName, enabled: boolean): Promise<"ok" | "unchanged"> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select({ enabled: flags.enabled }).from(flags).where(eq(flags.name, name)).for("update");
    const was = row?.enabled ?? false;
    if (was === enabled) return "unchanged" as const;
    await setFlag(tx, name, enabled);
    await audit(tx, actor, {
      action: enabled ? "indicador.activar" : "indicador.desactivar",
      entity: "sitio",
      entityId: `indicador:${name}`,
      before: { activado: was },
      after: { activado: enabled },
    });
    return "ok" as const;
  });
  // Again after the commit: a page read between setFlag and the commit cached the old value.
  forgetCachedFlags();
  return outcome;
}
