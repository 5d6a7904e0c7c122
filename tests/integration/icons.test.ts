import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * The site's icons and manifest as browsers, home screens and search engines
 * ask for them from the production build (decision 0077): files, not the
 * not-found page, with their own types, cached, at the sizes their links say.
 */
describe("icons and the web app manifest", () => {
  let s: RunningSite;
  beforeAll(async () => {
    // The file handler the production server mounts (server.ts).
    s = await startSite("sqlite", {}, { clientDir: "build/client" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const file = async (p: string, type: string) => {
    const res = await fetch(`${s.url}${p}`);
    // Lower-cased: a charset's name is case-insensitive, and the precompressed copy's header spells it "UTF-8".
    expect({ p, status: res.status, type: res.headers.get("content-type")?.toLowerCase() }).toEqual({ p, status: 200, type });
    // Not hashed, so not immutable: an hour, as every other file of the public folder.
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    return Buffer.from(await res.arrayBuffer());
  };
  const size = async (image: Buffer) => {
    const { format, width, height } = await sharp(image).metadata();
    return { format, width, height };
  };

  it("serves each PNG at its size, and /favicon.ico as an icon holding a 32 px PNG", async () => {
    expect(await size(await file("/apple-touch-icon.png", "image/png"))).toEqual({ format: "png", width: 180, height: 180 });
    expect(await size(await file("/favicon-32x32.png", "image/png"))).toEqual({ format: "png", width: 32, height: 32 });
    expect(await size(await file("/icon-192.png", "image/png"))).toEqual({ format: "png", width: 192, height: 192 });
    expect(await size(await file("/icon-512.png", "image/png"))).toEqual({ format: "png", width: 512, height: 512 });

    const ico = await file("/favicon.ico", "image/vnd.microsoft.icon");
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry says 32×32 and where the image is.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6], ico[7]]).toEqual([0, 1, 1, 32, 32]);
    const length = ico.readUInt32LE(14);
    const offset = ico.readUInt32LE(18);
    expect(offset + length).toBe(ico.byteLength);
    expect(await size(ico.subarray(offset, offset + length))).toEqual({ format: "png", width: 32, height: 32 });
    // iOS fills a transparent corner with black: the home-screen icon is opaque.
    expect((await sharp(await file("/apple-touch-icon.png", "image/png")).stats()).isOpaque).toBe(true);
  });

  it("serves the manifest as a manifest, naming the organisation and icons that exist at their sizes", async () => {
    const manifest = JSON.parse((await file("/site.webmanifest", "application/manifest+json; charset=utf-8")).toString("utf8")) as {
      name: string;
      short_name: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest).toMatchObject({ name: s.config.site.orgName, short_name: "Mindful Path", display: "minimal-ui", theme_color: "#2a1747", background_color: "#fbf9f6" });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of manifest.icons) {
      const { width, height } = await size(await file(icon.src, icon.type));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  it("every page's head links them, and the Organization's logo is the 512 px PNG", async () => {
    for (const p of ["/", "/schedule", "/no-such-page"]) {
      const html = await (await fetch(`${s.url}${p}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toContain('<link rel="icon" href="/favicon-32x32.png" type="image/png" sizes="32x32"/>');
      expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
      expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
      expect(head).toContain('<link rel="manifest" href="/site.webmanifest"/>');
    }
    const home = await (await fetch(`${s.url}/`)).text();
    const organization = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((j) => j["@type"] === "Organization");
    expect(organization?.logo).toBe(`${s.config.site.publicUrl}/icon-512.png`);
  });
});
