import type { Plugin } from "vite";

/**
 * How the client build splits its JavaScript into files (decision 0085).
 *
 * Left to itself, Rolldown makes one file for every set of route modules that
 * share some code, so a public page loaded 24 to 42 files: six of them React
 * and React Router, a dozen under a kilobyte (icons, hooks), each compressed on
 * its own and each importing the others' exports by name. Two groups replace
 * the framework's and the page shell's files with one file each:
 *
 * - `framework`: React, React DOM and React Router, which every page loads
 *   whole anyway;
 * - `shell`: every script module the root route or the public layout imports,
 *   directly or not (header, side menu, footer, their hooks and icons, the
 *   outage page). Every public page runs all of it; a staff page loads it with
 *   the root. The two route modules stay files of their own, and so does the
 *   stylesheet the root imports: in a file that a lazily loaded dialog also
 *   imports, React Router would mark it as loaded on demand, and the dialog's
 *   first opening would add the site's stylesheet to the page a second time.
 *
 * Code that only some pages use stays in Rolldown's automatic files, so no page
 * loads another page's code.
 */

/** React, React DOM (with its scheduler) and React Router. */
export const FRAMEWORK_MODULE = /node_modules[\\/](?:react|react-dom|react-router|scheduler)[\\/]/;

/** The route modules whose imports make the shell: the root route and the public pages' layout. */
export const SHELL_ROUTE = /[\\/]app[\\/](?:root\.tsx|routes[\\/]_public[\\/]layout\.tsx)(?:\?.*)?$/;

/** Stylesheets (app.css, with or without a query). */
const STYLESHEET = /\.css(?:\?.*)?$/;

/**
 * lucide-react's index re-exports every icon. Walking through it would put all
 * of them in the shell; the icons a module names are also among its own
 * imports (Rolldown resolves the re-export), so the index is not followed.
 */
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * The modules reachable by static imports from `roots` (the roots included),
 * never through lucide-react's index. Dynamic imports are not followed: what a
 * page loads on demand (its dialogs) stays out of the shell.
 */
export function staticallyReachable(roots: Iterable<string>, importsOf: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of importsOf(id)) if (!ICON_INDEX.test(next) && !seen.has(next)) stack.push(next);
  }
  return seen;
}

/** The shell: what the roots reach, less the roots themselves and the stylesheets. */
export function shellModules(roots: readonly string[], importsOf: (id: string) => readonly string[]): Set<string> {
  const shell = staticallyReachable(roots, importsOf);
  for (const id of shell) if (roots.includes(id) || STYLESHEET.test(id)) shell.delete(id);
  return shell;
}

/**
 * The client environment's chunk groups, and the plugin that finds the shell's
 * modules once the module graph is complete (`buildEnd` runs before chunks are
 * made, so the groups' tests read a finished set).
 */
export function clientChunks() {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: "client-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      shell.clear();
      const roots = [...this.getModuleIds()].filter((id) => SHELL_ROUTE.test(id));
      if (roots.length < 2) this.error(`client-chunks: expected the root route and the public layout, found ${roots.length} of them`);
      for (const id of shellModules(roots, (m) => this.getModuleInfo(m)?.importedIds ?? [])) shell.add(id);
    },
  };
  const groups = [
    { name: "framework", test: FRAMEWORK_MODULE, priority: 2 },
    { name: "shell", test: (id: string) => shell.has(id), priority: 1 },
  ];
  return { plugin, groups };
}
