import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Every page is complete when the server sends it: its links, forms and text
 * work before any script runs. React Router's `<Scripts/>` nevertheless asks for
 * two dozen modules in `<head>` (`<link rel="modulepreload">`) and starts them
 * with the page's module script, so on a phone the scripts' download and the
 * hydration they run compete with the stylesheet, the fonts and the first paint
 * (decision 0035).
 *
 * This stream rewrites the document on its way out:
 * - the module preloads leave `<head>`;
 * - the page's module script first waits for the first paint (a frame and a
 *   task, or nothing when the page is hidden), then asks for the same modules
 *   at once (the preloads, added then) and imports the route modules in
 *   parallel, then the entry that hydrates, exactly as before.
 *
 * Anything it does not recognise passes through unchanged: a page whose module
 * script has another shape simply hydrates the usual way.
 */
export function hydrateAfterPaint(): Transform {
  const decoder = new StringDecoder("utf8"); // every byte goes through it, so a character split between chunks stays whole
  let text = "";
  let preloads: string[] | null = null; // null until </head> has passed
  let done = false;

  function take(final: boolean): string {
    if (done) {
      const out = text;
      text = "";
      return out;
    }
    let out = "";
    if (preloads === null) {
      const end = text.indexOf("</head>");
      if (end === -1) {
        if (!final) return "";
        out = text;
        text = "";
        return out;
      }
      const found: string[] = [];
      out = text.slice(0, end).replace(MODULE_PRELOAD, (_link, href: string) => {
        found.push(href);
        return "";
      });
      preloads = found;
      text = text.slice(end);
    }
    for (;;) {
      const start = text.indexOf(MODULE_SCRIPT_OPEN);
      if (start === -1) {
        // Keep back what could be the start of the tag cut by the chunk's end.
        const keep = final ? 0 : Math.min(text.length, MODULE_SCRIPT_OPEN.length - 1);
        out += text.slice(0, text.length - keep);
        text = text.slice(text.length - keep);
        return out;
      }
      const bodyStart = text.indexOf(">", start) + 1;
      const close = bodyStart > 0 ? text.indexOf("</script>", bodyStart) : -1;
      if (bodyStart === 0 || close === -1) {
        out += text.slice(0, start);
        text = text.slice(start);
        if (final) {
          out += text;
          text = "";
        }
        return out;
      }
      const script = text.slice(bodyStart, close);
      const rewritten = script.includes("window.__reactRouterRouteModules") ? deferModuleScript(script, preloads) : null;
      out += text.slice(0, bodyStart) + (rewritten ?? script);
      text = text.slice(close);
      if (rewritten !== null) {
        done = true;
        out += text;
        text = "";
        return out;
      }
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      text += decoder.write(chunk);
      const out = take(false);
      callback(null, out ? Buffer.from(out, "utf8") : null);
    },
    flush(callback: TransformCallback) {
      text += decoder.end();
      const out = take(true);
      callback(null, out ? Buffer.from(out, "utf8") : null);
    },
  });
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const MODULE_SCRIPT_OPEN = '<script nonce="';
const STATIC_IMPORT = /import \* as (\w+) from ("[^"\\]+");/g;
const SIDE_EFFECT_IMPORT = /(^|[;\n])\s*import ("[^"\\]+");/g;

/**
 * The module script with its static imports turned into dynamic ones that wait
 * for the first paint. Null when the script has none of the expected imports.
 */
export function deferModuleScript(script: string, preloads: string[]): string | null {
  const names: string[] = [];
  const urls: string[] = [];
  let rest = script.replace(STATIC_IMPORT, (_s, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return "";
  });
  const sideEffects: string[] = [];
  rest = rest.replace(SIDE_EFFECT_IMPORT, (_s, before: string, url: string) => {
    sideEffects.push(url);
    return before;
  });
  if (names.length === 0) return null;
  const imports = [...urls, ...sideEffects].map((u) => `import(${u})`).join(",");
  return (
    // Visible: after the first contentful paint (its paint-timing entry, buffered so none is missed; a frame and a task
    // where the browser has none, and 1.5 s at most), then a task. A frame alone was sometimes before it: on /decode the
    // scripts were asked for 15 ms before the text was painted, and Lighthouse counted them against the LCP.
    `if(document.visibilityState==="visible")await new Promise((r)=>{let d=0;const go=()=>{if(!d){d=1;setTimeout(r)}};` +
    `requestAnimationFrame(()=>{if(!PerformanceObserver.supportedEntryTypes?.includes("paint"))return go();` +
    `new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});` +
    `setTimeout(go,1500)})});` +
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l);}` +
    `const [${names.join(",")}]=await Promise.all([${imports}]);` +
    rest
  );
}
