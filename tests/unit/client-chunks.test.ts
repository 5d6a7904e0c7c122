import { describe, expect, it } from "vitest";
import { FRAMEWORK_MODULE, SHELL_ROUTE, shellModules } from "../../server/build/client-chunks";

const icons = "/p/node_modules/lucide-react/dist/esm/lucide-react.mjs";
const menu = "/p/node_modules/lucide-react/dist/esm/icons/menu.mjs";
const pen = "/p/node_modules/lucide-react/dist/esm/icons/pen.mjs";

describe("the page shell's modules (decision 0085)", () => {
  const graph: Record<string, string[]> = {
    "/p/app/root.tsx": ["/p/app/components/layout/service-unavailable.tsx", "/p/node_modules/react/index.js", "/p/app/app.css"],
    "/p/app/routes/_public/layout.tsx": ["/p/app/components/layout/site-header.tsx", "/p/app/hooks/use-site.ts"],
    "/p/app/components/layout/site-header.tsx": [icons, menu, "/p/app/hooks/use-modal-dialog.ts"],
    "/p/app/hooks/use-modal-dialog.ts": ["/p/app/lib/focus-trap.ts", "/p/app/components/layout/site-header.tsx"],
    "/p/app/lib/focus-trap.ts": [],
    [icons]: [menu, pen],
    "/p/app/routes/admin/audit.tsx": [pen, "/p/app/components/admin/data-table.tsx"],
  };
  const importsOf = (id: string) => graph[id] ?? [];
  const shell = shellModules(["/p/app/root.tsx", "/p/app/routes/_public/layout.tsx"], importsOf);

  it("holds what the root and the public layout import, through any depth and cycle", () => {
    expect(shell).toContain("/p/app/components/layout/service-unavailable.tsx");
    expect(shell).toContain("/p/app/lib/focus-trap.ts");
    expect(shell).toContain("/p/app/hooks/use-site.ts");
    expect(shell).toContain(menu);
  });

  it("takes only the icons the shell names, not every icon lucide-react's index re-exports", () => {
    expect(shell).not.toContain(icons);
    expect(shell).not.toContain(pen);
  });

  it("leaves out the two route modules and the stylesheet, which keep files of their own", () => {
    expect(shell).not.toContain("/p/app/root.tsx");
    expect(shell).not.toContain("/p/app/routes/_public/layout.tsx");
    expect(shell).not.toContain("/p/app/app.css");
  });

  it("leaves out what only other routes import", () => {
    expect(shell).not.toContain("/p/app/routes/admin/audit.tsx");
    expect(shell).not.toContain("/p/app/components/admin/data-table.tsx");
  });

  it("names the root route and the public layout, with or without a route-chunk query, and the framework", () => {
    expect(SHELL_ROUTE.test("/p/app/root.tsx")).toBe(true);
    expect(SHELL_ROUTE.test("/p/app/routes/_public/layout.tsx?route-chunk=main")).toBe(true);
    expect(SHELL_ROUTE.test("/p/app/routes/admin/layout.tsx")).toBe(false);
    expect(SHELL_ROUTE.test("/p/app/routes/_public/tasso.tsx")).toBe(false);
    expect(FRAMEWORK_MODULE.test("/p/node_modules/react-dom/cjs/react-dom-client.production.js")).toBe(true);
    expect(FRAMEWORK_MODULE.test("/p/node_modules/react-router/dist/production/index.js")).toBe(true);
    expect(FRAMEWORK_MODULE.test("/p/node_modules/react-markdown/index.js")).toBe(false);
    expect(FRAMEWORK_MODULE.test("/p/node_modules/lucide-react/dist/esm/Icon.mjs")).toBe(false);
  });
});
