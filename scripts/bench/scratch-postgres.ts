import pg from "pg";
import { prepareDatabase, type DatabaseHandle } from "~/server/db/client.server";

/**
 * A migrated, empty database of its own on the PostgreSQL server at `url`, for a bench
 * (`bench_<label>_<pid>_<time>`), dropped when the handle is closed.
 */
export async function scratchPostgres(url: string, label: string): Promise<DatabaseHandle> {
  const name = `bench_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await prepareDatabase({ kind: "postgres", url: target.toString(), seedDemo: false });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}
