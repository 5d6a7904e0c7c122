import pg from "pg";

/**
 * Which databases the integration suite runs against: SQLite always, PostgreSQL
 * when TEST_DATABASE_URL is set. Under CI=true PostgreSQL is mandatory.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL;
export const ci = process.env.CI === "true";

if (!postgresUrl) {
  if (ci) throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite is mandatory in CI.");
  console.warn(
    "[notice] PostgreSQL integration tests skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them.",
  );
}

export const dialects: Array<"sqlite" | "postgres"> = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];

/** Creates a fresh, uniquely named PostgreSQL database; returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `site_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
