import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The folders of the public directory whose files the pages name by a fixed
 * path (app/content/media.ts): the demo posters, videos and their captions.
 */
export const VERSIONED_FOLDERS = ["media", "captions"] as const;

/**
 * A short digest of every file in those folders (names and contents, in name
 * order; their READMEs left out), worked out when the site is built. Pages add it to those files'
 * addresses as `?v=…`, and the server answers an address carrying the current
 * digest as cacheable for a year: a browser keeps the files until one of them
 * changes, and the next build's pages then ask for new addresses (decision 0098).
 */
export function mediaVersion(publicDir = path.resolve(import.meta.dirname, "../../public")): string {
  const hash = createHash("sha256");
  for (const folder of VERSIONED_FOLDERS) {
    const dir = path.join(publicDir, folder);
    // A digest of nothing would never change, and browsers would keep changed files a year: refuse instead.
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith(".md")).sort() : [];
    if (names.length === 0) throw new Error(`media version: ${dir} is missing or empty`);
    for (const name of names) {
      const file = path.join(dir, name);
      if (!fs.statSync(file).isFile()) continue;
      hash.update(`${folder}/${name}\0`);
      hash.update(fs.readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex").slice(0, 10);
}
