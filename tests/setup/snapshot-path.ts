import path from "node:path";

export const SNAPSHOT_DIR = path.resolve("tests/.tmp");
export const SNAPSHOT_PATH = path.join(SNAPSHOT_DIR, "pglite-snapshot.tar.gz");
