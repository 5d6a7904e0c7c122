import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serveNodeFlags } from "../../bench/lib.ts";

/**
 * `node server.ts` as `npm run serve` runs it (the built site, NODE_ENV=production, its Node flags),
 * in a process of its own on a free loopback port: an app instance as production
 * has it, with its own event loop, pool and memory. Resolves once it prints its
 * start-up line.
 */
export async function spawnServer(env: Record<string, string>, opts: { name?: string } = {}) {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) throw new Error("build/server/index.js is missing: run `npm run build` first");
  const child = spawn(process.execPath, [...serveNodeFlags(), "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      MAIL_POLL_SECONDS: "0.2",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${opts.name ?? "server"} did not start in 30 s: ${out}${err}`)), 30_000);
    child.stdout!.on("data", () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${opts.name ?? "server"} exited ${code}: ${err}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => ({ out, err }),
    /** SIGTERM (graceful: in-flight requests finish), SIGKILL after 10 s. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.kill("SIGTERM");
      await exited;
      clearTimeout(kill);
    },
  };
}

export type ServerProcess = Awaited<ReturnType<typeof spawnServer>>;
