import fs from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../helpers/public-pages";

/**
 * The public pages' JavaScript as the browser receives it (decision 0085),
 * read from the production build: the scripts React Router's manifest lists
 * for the client entry and for every route a page matches, each counted as
 * the file the server sends a browser that accepts brotli (`.br` when the build
 * wrote one, otherwise the file itself). That is the sum the Lighthouse bench
 * measures in the browser (`npm run bench -- --pages`, its "jsGzipKb"), byte
 * for byte, without a browser.
 *
 * Issue 10's budget is 125 KB; this guard is 118 KB, the pages' largest figure
 * after decision 0085 (113.9 KB) with a few kilobytes to spare, so that a
 * change which adds a few kilobytes to every page is noticed here, before the
 * budget is reached.
 */
const LIMIT_KB = 118;

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

const clientDir = path.resolve(import.meta.dirname, "../../build/client");

function readManifest(): Manifest {
  const assets = path.join(clientDir, "assets");
  const name = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name) throw new Error("no React Router manifest in build/client/assets: run `npm run build` first");
  const source = fs.readFileSync(path.join(assets, name), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "")) as Manifest;
}

/** The manifest's flat routes as the nested tree React Router matches against. */
function routeTree(manifest: Manifest): RouteObject[] {
  const build = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest.routes)
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: build(r.id) }));
  return build(undefined);
}

/** Bytes sent for one file of the build to a browser that accepts brotli. */
function sentBytes(url: string): number {
  const file = path.join(clientDir, url);
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}

describe("public pages' JavaScript (issue 10's budget; decision 0085)", () => {
  const manifest = readManifest();
  const tree = routeTree(manifest);

  it.each(PUBLIC_PAGES)(`%s stays within ${LIMIT_KB} KB as sent`, (page) => {
    const matches = matchRoutes(tree, page) ?? [];
    const ids = matches.map((m) => m.route.id);
    // The page's own route, not the not-found route.
    expect(ids.at(-1)).toMatch(/^routes\/_public\/(?!not-found)/);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of ids) {
      const route = manifest.routes[id!]!;
      files.add(route.module);
      for (const imported of route.imports ?? []) files.add(imported);
    }
    const kb = [...files].reduce((sum, url) => sum + sentBytes(url), 0) / 1024;
    expect(Math.round(kb * 10) / 10).toBeLessThanOrEqual(LIMIT_KB);
  });
});
