import { type PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { closeSync, fdatasyncSync, fsyncSync, openSync } from "node:fs";

/*
 * PGlite in Node keeps its data folder on Emscripten's NODEFS: every write PostgreSQL makes is a
 * write(2) of the real file, but its fsync and fdatasync calls end in a system call Emscripten
 * answers with 0 without doing anything, and PGlite starts PostgreSQL with fsync off (-F) anyway.
 * Written data sits in the operating system's page cache: it survives a killed process, not a
 * power cut. This filesystem does the syncing PostgreSQL asked for, in the order it relies on
 * (decision 0039):
 *
 * - write-ahead log first: before any other file is written, the log written so far is synced
 *   (PostgreSQL writes a page only after the log that describes it);
 * - a checkpoint is recorded (global/pg_control) only after every file written before it is
 *   synced, and pg_control itself at once; after that PostgreSQL may recycle old log segments;
 * - an acknowledged commit: after each statement outside a transaction and after each
 *   transaction's COMMIT (durableClient), the log, the other written files and the folders where
 *   files were created, renamed or removed are synced before the caller gets the answer;
 * - a file closed with unsynced writes is synced before it is closed.
 */

type EmscriptenNode = { parent: EmscriptenNode; name: string };
type EmscriptenStream = { nfd?: number; path: string; node: EmscriptenNode; shared?: { refcount: number } };
type StreamOps = Record<string, (...args: never[]) => unknown>;
type NodeFs = {
  stream_ops: StreamOps;
  node_ops: StreamOps;
  realPath(node: EmscriptenNode): string;
};
type EmscriptenModule = { NODEFS: NodeFs };

/** What the filesystem has synced, for the start-up log and the tests. */
export type SyncCounts = { files: number; folders: number };

export class DurableNodeFS extends NodeFS {
  readonly #log = new Set<number>();
  readonly #files = new Set<number>();
  readonly #folders = new Set<string>();
  readonly synced: SyncCounts = { files: 0, folders: 0 };
  #client: PGlite | undefined;

  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    this.#client = pg;
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    // Before NodeFS mounts the folder: every node it creates takes the wrapped operations.
    const wrap = (module: EmscriptenModule) => this.#wrap(module.NODEFS);
    result.emscriptenOpts.preRun = [wrap as (typeof preRun)[number], ...preRun];
    return result;
  }

  /** Called by PGlite after each statement: a statement outside a transaction has committed. */
  override async syncToFs(): Promise<void> {
    if (this.#client?.isInTransaction()) return;
    this.flush();
  }

  /** Syncs the log, every other written file and every changed folder, in that order. */
  flush(): void {
    this.#syncFiles(this.#log);
    this.#syncFiles(this.#files);
    for (const folder of this.#folders) {
      const fd = openSync(folder, "r");
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      this.synced.folders += 1;
    }
    this.#folders.clear();
  }

  #syncFiles(fds: Set<number>): void {
    for (const fd of fds) {
      fdatasyncSync(fd);
      this.synced.files += 1;
    }
    fds.clear();
  }

  #wrap(nodefs: NodeFs): void {
    const streams = nodefs.stream_ops;
    const nodes = nodefs.node_ops;
    const write = streams.write as (stream: EmscriptenStream, ...rest: unknown[]) => number;
    const close = streams.close as (stream: EmscriptenStream) => void;
    const msync = streams.msync as (stream: EmscriptenStream, ...rest: unknown[]) => number;
    const written = (stream: EmscriptenStream) => {
      if (stream.nfd === undefined) return;
      if (stream.path.includes("/pg_wal/")) {
        this.#log.add(stream.nfd);
      } else if (stream.path.endsWith("/global/pg_control")) {
        this.flush();
        this.#files.add(stream.nfd);
      } else {
        this.#syncFiles(this.#log);
        this.#files.add(stream.nfd);
      }
    };
    streams.write = ((stream: EmscriptenStream, ...rest: unknown[]) => {
      written(stream);
      const bytes = write(stream, ...rest);
      if (stream.path.endsWith("/global/pg_control")) this.flush();
      return bytes;
    }) as never;
    streams.msync = ((stream: EmscriptenStream, ...rest: unknown[]) => {
      written(stream);
      return msync(stream, ...rest);
    }) as never;
    streams.close = ((stream: EmscriptenStream) => {
      const fd = stream.nfd;
      if (fd !== undefined && (this.#log.has(fd) || this.#files.has(fd)) && (stream.shared?.refcount ?? 1) <= 1) {
        fdatasyncSync(fd);
        this.synced.files += 1;
        this.#log.delete(fd);
        this.#files.delete(fd);
      }
      close(stream);
    }) as never;
    const changes = (name: string, folderOf: (...args: EmscriptenNode[]) => EmscriptenNode[]) => {
      const original = nodes[name] as (...args: unknown[]) => unknown;
      nodes[name] = ((...args: EmscriptenNode[]) => {
        const result = original(...args);
        for (const folder of folderOf(...args)) this.#folders.add(nodefs.realPath(folder));
        return result;
      }) as never;
    };
    changes("mknod", (parent) => [parent]);
    changes("unlink", (parent) => [parent]);
    changes("rmdir", (parent) => [parent]);
    changes("symlink", (parent) => [parent]);
    changes("rename", (node, newFolder) => [node.parent, newFolder]);
  }
}

/**
 * A client whose transactions are durable once they resolve: PGlite does not sync after the
 * COMMIT of its transaction() (it syncs after statements outside one), so this does.
 */
export function makeTransactionsDurable(client: PGlite, fs: DurableNodeFS): PGlite {
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite["transaction"]>[0]) => {
    const result = await transaction(callback);
    fs.flush();
    return result;
  }) as PGlite["transaction"];
  return client;
}

/** The start-up log says plainly what the embedded database promises (README, "Copias de seguridad"). */
export function logEmbeddedDurability(logger: { info(fields: object, message: string): void; warn(fields: object, message: string): void }, sync: "on" | "off"): void {
  if (sync === "on") {
    logger.info({ EMBEDDED_SYNC: sync }, "base de datos integrada: cada confirmación se sincroniza con el disco antes de responder; resiste un corte de luz");
  } else {
    logger.warn({ EMBEDDED_SYNC: sync }, "base de datos integrada SIN sincronizar con el disco: resiste que se mate el proceso, pero un corte de luz puede perder las últimas escrituras o dañar la carpeta");
  }
}
