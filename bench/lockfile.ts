// Lock-file mode of `npm run bench` (issue 10 point 7): the offline check used
// where `npm audit --omit=dev` cannot reach the registry's advisory endpoint.
// For every production package in package-lock.json (dev ones skipped, as
// --omit=dev does): it comes from the npm registry (no other `resolved` source), pinned to one
// version with a sha512 integrity, and the copy in node_modules is that
// version. This proves what is installed is exactly what was locked and
// reviewed; it does NOT prove that no locked version has a known advisory —
// only `npm audit` (or another advisory database) can say that.
//
//   npm run bench -- --lockfile
import fs from "node:fs";
import path from "node:path";

type LockEntry = { version?: string; resolved?: string; integrity?: string; dev?: boolean; devOptional?: boolean; optional?: boolean; link?: boolean };

export function runLockfile() {
  const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { lockfileVersion: number; packages: Record<string, LockEntry> };
  const problems: string[] = [];
  let checked = 0;
  let installed = 0;
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (where === "" || entry.dev || entry.link) continue;
    checked += 1;
    const name = where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);
    if (!entry.version) problems.push(`${where}: no version`);
    // No `resolved` means the configured registry (npm writes none when it is the default one); one present must be it.
    if (entry.resolved && !entry.resolved.startsWith("https://registry.npmjs.org/")) problems.push(`${where}: resolved from ${entry.resolved}`);
    if (!entry.integrity?.startsWith("sha512-")) problems.push(`${where}: integrity ${entry.integrity ?? "missing"}`);
    if (entry.resolved && !entry.resolved.includes(`/-/${name.split("/").pop()}-${entry.version}.tgz`)) problems.push(`${where}: resolved ${entry.resolved} is not version ${entry.version}`);
    const manifest = path.join(where, "package.json");
    if (!fs.existsSync(manifest)) {
      // An optional package for another platform (e.g. another CPU's sharp binary) is not installed here.
      if (!entry.optional && !entry.devOptional) problems.push(`${where}: not installed`);
      continue;
    }
    installed += 1;
    const version = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version?: string }).version;
    if (version !== entry.version) problems.push(`${where}: installed ${version}, locked ${entry.version}`);
  }
  console.log(`package-lock.json v${lock.lockfileVersion}: ${checked} production packages checked, ${installed} installed here (the rest optional, for other platforms)`);
  if (problems.length) {
    console.log(`${problems.length} problems:\n${problems.join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("Every production package is pinned to one version from the npm registry with a sha512 integrity, and installed at that version (this says nothing of known advisories).");
  }
}
