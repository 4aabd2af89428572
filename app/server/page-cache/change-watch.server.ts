import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";

/*
 * What the database changed since this process last looked, for the page cache (issue 14,
 * decision 0011). Triggers write a row to page_changes for every change to what pages show
 * (products, flags, the home page's pictures), in the writing transaction, with that
 * transaction's id. A check reads the rows of the transactions that committed since the
 * previous check's snapshot: pg_visible_in_snapshot tells exactly, whatever order the
 * transactions began or committed in. Nothing is timed: a page served from the cache waits
 * for a check that began after the request arrived, so a change committed on any instance
 * before that is never hidden.
 *
 * Checks are shared: every request waiting when one starts is answered by the next one, so
 * under load one query serves many requests. On the embedded database, whose one process
 * makes every write and hears its NOTIFY before the write's COMMIT returns, a check runs only
 * after a change was announced.
 */

/** An instance that has not looked for this long drops everything: page_changes keeps an hour. */
export const LONGEST_GAP_MS = 30 * 60 * 1000;

export type Changes = { all: true } | { all: false; tags: Set<string> };

type CheckRow = { snapshot: string; tags: string[] | null };

export class ChangeWatch {
  /** How many checks have completed; a render notes it when it begins. */
  seq = 0;
  private snapshot: string | null = null;
  private checkedAt = 0;
  private announced = true;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private clearedAt = 0;
  private droppedAt = new Map<string, number>();

  /**
   * @param everyRequest true: check before every use (several instances may write);
   *   false: only after `announce()` (the embedded database's synchronous NOTIFY).
   */
  constructor(
    private readonly db: Pick<Database, "execute">,
    private readonly everyRequest: boolean,
    private readonly onChanges: (changes: Changes) => void,
  ) {}

  /** A change was announced (LISTEN): the next use checks. */
  announce(): void {
    this.announced = true;
  }

  /** Resolves once every change committed before this call is known (and its pages dropped). */
  fresh(): Promise<void> {
    if (!this.everyRequest && !this.announced && Date.now() - this.checkedAt < LONGEST_GAP_MS) return Promise.resolve();
    if (!this.running) return this.start();
    // The check in flight may have taken its snapshot before this request: wait for the next.
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = undefined;
        return this.running ?? this.start();
      });
    return this.queued;
  }

  /** Whether a page rendered since check `startSeq` may be kept: none of its tags changed since. */
  mayKeep(tags: readonly string[], startSeq: number): boolean {
    if (this.clearedAt > startSeq) return false;
    return tags.every((tag) => (this.droppedAt.get(tag) ?? 0) <= startSeq);
  }

  private start(): Promise<void> {
    this.announced = false;
    const run = this.check().catch((error: unknown) => {
      this.announced = true;
      throw error;
    });
    this.running = run.finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<void> {
    const previous = this.snapshot;
    const stale = previous === null || Date.now() - this.checkedAt > LONGEST_GAP_MS;
    const result = await this.db.execute(
      stale
        ? sql`select pg_current_snapshot()::text as snapshot, null as tags`
        : sql`select pg_current_snapshot()::text as snapshot,
            (select array_agg(distinct tag) from page_changes
              where tx >= pg_snapshot_xmin(${previous}::pg_snapshot)
                and not pg_visible_in_snapshot(tx, ${previous}::pg_snapshot)) as tags`,
    );
    const row = result.rows[0] as CheckRow;
    this.snapshot = row.snapshot;
    this.checkedAt = Date.now();
    this.seq += 1;
    if (stale) {
      this.clearedAt = this.seq;
      this.droppedAt.clear();
      this.onChanges({ all: true });
      return;
    }
    const tags = row.tags ?? [];
    if (tags.length === 0) return;
    // Bounded: past this many remembered tags, forget them all as a full clear would.
    if (this.droppedAt.size > 50_000) {
      this.droppedAt.clear();
      this.clearedAt = this.seq;
    }
    for (const tag of tags) this.droppedAt.set(tag, this.seq);
    this.onChanges({ all: false, tags: new Set(tags) });
  }
}
