import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "~/config.server";
import { createPostgresDatabase } from "./databases";

type SiteModule = typeof import("../../server/app");

/**
 * Starts the built site (build/server/index.js: the artefact `npm start` serves)
 * on a free port with a database of its own; `stop()` closes it and drops the data.
 */
export async function startSite(
  dialect: "sqlite" | "postgres",
  env: Record<string, string> = {},
  opts: { clientDir?: string } = {},
) {
  const entry = path.resolve("build/server/index.js");
  if (!fs.existsSync(entry)) throw new Error("build/server/index.js is missing: run `npm run build` first");
  const { createSite } = (await import(/* @vite-ignore */ entry)) as SiteModule;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-test-"));
  const pgDb = dialect === "postgres" ? await createPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    MAIL_POLL_SECONDS: "0.2",
    DATA_DIR: dataDir,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const site = await createSite(config, opts.clientDir ? { clientDir: path.resolve(opts.clientDir) } : {});
  const server = site.app.listen(0, "127.0.0.1");
  site.attach(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const db = site.database.db;
  return {
    url,
    site,
    db,
    config,
    /**
     * Empties the outbox, its table and its folder, for the next test. First it
     * waits until the mail worker has nothing due or in hand. A mail it is
     * writing keeps being written after its row is deleted: it once landed in
     * the folder while it was being removed (ENOTEMPTY), and it could have
     * landed in the next test's outbox.
     */
    async clearOutbox() {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const now = Date.now();
        const pending = await db.selectFrom("outbox").select(["next_attempt_at", "locked_until"]).where("status", "=", "pending").execute();
        const busy = pending.some((r) => r.locked_until !== null || new Date(r.next_attempt_at).getTime() <= now);
        if (!busy) break;
        if (now > deadline) throw new Error("the mail worker did not finish the outbox within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await db.deleteFrom("outbox").execute();
      fs.rmSync(config.mail.outboxDir, { recursive: true, force: true });
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await site.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type RunningSite = Awaited<ReturnType<typeof startSite>>;

/**
 * A second app instance over the same database (and data folder) as `first`,
 * as a second server behind a load balancer would be. `stop()` closes only it.
 */
export async function startSecondInstance(first: RunningSite) {
  const { createSite } = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as SiteModule;
  const site = await createSite(first.config, {});
  const server = site.app.listen(0, "127.0.0.1");
  site.attach(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    site,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await site.close();
    },
  };
}
