import pg from "pg";
import { withDatabase } from "../tests/setup/database";

/** A database of its own on the given server for one run, dropped afterwards. */
export async function withFreshPostgres<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `himal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    return await run(withDatabase(serverUrl, name));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
