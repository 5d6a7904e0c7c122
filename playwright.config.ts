import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { testBrowserPath } from "./tests/helpers/browser-path";

/**
 * End-to-end tests drive the system Chromium (never a downloaded browser;
 * its headless shell where Debian's chromium-headless-shell is installed)
 * against the production build served by server.ts on its own data folder.
 */
const port = Number(process.env.E2E_PORT ?? 4317);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
const executablePath = testBrowserPath();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI === "true" ? 1 : 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node --max-semi-space-size=32 server.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      FORM_RATE_LIMIT: "10000",
      ADMIN_LOGIN_ADDRESS_LIMIT: "10000",
      // Waiting-list offers, reminders and updates within a second, so a test can follow them.
      SESSION_JOBS_SECONDS: "1",
    },
  },
});
