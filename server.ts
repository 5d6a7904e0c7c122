// The Node entry. Run with Node 24 (type stripping): `npm start` / `npm run dev`.
// Reads and validates the configuration, then serves the app built by Vite
// (production) or Vite's dev server (development), and shuts down gracefully.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "node:http";
import { ConfigError, loadConfig, type AppConfig } from "./app/config.server.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

// Every file this process creates (the SQLite database and its journal, mail copies) holds personal data:
// readable and writable by the server's own account only, whatever the shell's or service manager's umask.
process.umask(0o077);

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

type SiteModule = typeof import("./server/app.ts");

async function loadSite() {
  if (config.isProduction) {
    const buildEntry = path.join(root, "build/server/index.js");
    const mod = (await import(buildEntry).catch((error: unknown) => {
      console.error(`Could not load ${buildEntry}: run \`npm run build\` first.`);
      throw error;
    })) as SiteModule;
    return mod.createSite(config, { clientDir: path.join(root, "build/client") });
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({
    server: { middlewareMode: true, hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
    appType: "custom",
  });
  const mod = (await devServer.ssrLoadModule("./server/app.ts")) as SiteModule;
  const site = await mod.createSite(config, { devMiddleware: devServer.middlewares });
  return { ...site, close: async () => { await site.close(); await devServer.close(); } };
}

let site: Awaited<ReturnType<typeof loadSite>>;
try {
  site = await loadSite();
} catch (error) {
  console.error("Start-up failed:", error instanceof Error ? error.message : error);
  process.exit(1);
}

const server: Server = site.app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  console.log(
    `${config.site.orgName} site listening on http://${shown}:${port} (${config.env}, ${site.database.description}; ready in ${Math.round(process.uptime() * 1000)} ms)`,
  );
  for (const notice of site.notices) console.log(notice);
});
site.attach(server);
server.on("error", (error) => {
  console.error("Server error:", error.message);
  process.exit(1);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests, then exiting.`);
  const force = setTimeout(() => {
    console.error("Requests still open after 10 s; exiting anyway.");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async () => {
    await site.close().catch(() => {});
    process.exit(0);
  });
  // Keep-alive sockets with no request in flight would hold close() open until
  // their timeout: close them now, and each one as soon as its last response is sent.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
