// `npm run db:migrate` and `npm run db:seed`: the same migrations and seed the
// server applies at start, against DATABASE_URL or the SQLite file in DATA_DIR.
import { ConfigError, loadConfig } from "../app/config.server.ts";
import { migrateToLatest, openDatabase } from "../app/db/db.server.ts";
import { runnerImport } from "vite";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("Usage: node scripts/db.ts migrate|seed");
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await migrateToLatest(database.db);
  const applied = (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  console.log(`${database.description}: ${applied.length ? `applied ${applied.join(", ")}` : "already up to date"}`);
  if (command === "seed") {
    // The demo content imports the app's modules the way the app does (the `~/`
    // alias, imports without extensions): Vite's module runner resolves them,
    // without a build and without Vite's plugins (nothing here is a React route).
    const { module: seed } = await runnerImport<typeof import("../app/db/seed.server.ts")>("./app/db/seed.server.ts", {
      configFile: false,
      logLevel: "error",
      resolve: { tsconfigPaths: true },
    });
    const { inserted } = await seed.seedDemoContent(database.db);
    console.log(inserted ? `Seeded ${inserted} demo rows.` : "Demo content already present; nothing to add.");
  }
} catch (error) {
  console.error(`Database ${command} failed:`, error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
