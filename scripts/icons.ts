// The raster icons and the web app manifest, drawn from public/favicon.svg
// (decision 0077). Browsers that take an SVG icon use favicon.svg itself; Safari's
// tabs and iOS home screens, old browsers asking for /favicon.ico, installed
// shortcuts and search engines' logos (Google wants a raster image of 112 px or
// more) need these. Rerun after changing favicon.svg or ORG_NAME, and commit the
// files it writes.
// Usage: npx node scripts/icons.ts   (Node 24 from the project; ORG_NAME as the site's, for the manifest's name)
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { loadConfig } from "../app/config.server.ts";

const publicDir = path.resolve("public");
const svg = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
// iOS rounds a home-screen icon's corners itself and fills transparent ones with
// black, so the 180 px icon is the same drawing on a square tile.
const square = svg.replace(/ rx="[\d.]+"/, "");
if (square === svg) throw new Error("favicon.svg no longer draws a rounded tile (rx=…): check the apple-touch-icon by eye");

// The site's palette (app/app.css): plum-900 is the header and the theme-color meta, sand-50 the page.
const THEME = "#2a1747";
const BACKGROUND = "#fbf9f6";

async function png(source: string, size: number): Promise<Buffer> {
  // Drawn at the target size (the viewBox is 40 units), not scaled up from a small raster.
  const viewBox = Number(/viewBox="0 0 (\d+)/.exec(source)?.[1] ?? 40);
  return sharp(Buffer.from(source), { density: (72 * size) / viewBox })
    .resize(size, size)
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

/** An ICO holding one PNG image (allowed since Windows Vista; every browser reads it). */
function ico(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 means 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.byteLength, 14);
  header.writeUInt32LE(header.byteLength, 18); // the image follows the one directory entry
  return Buffer.concat([header, image]);
}

const orgName = loadConfig({ ORG_NAME: process.env.ORG_NAME }).site.orgName;
// A home screen shows about 12 characters under an icon: the name's first words that fit.
const shortName = orgName.split(/\s+/).reduce((kept, word) => (kept && `${kept} ${word}`.length > 12 ? kept : kept ? `${kept} ${word}` : word), "");

const files: Array<[string, Buffer | string]> = [
  ["favicon-32x32.png", await png(svg, 32)],
  ["favicon.ico", ico(await png(svg, 32), 32)],
  ["apple-touch-icon.png", await png(square, 180)],
  ["icon-192.png", await png(svg, 192)],
  ["icon-512.png", await png(svg, 512)],
  [
    "site.webmanifest",
    `${JSON.stringify(
      {
        name: orgName,
        short_name: shortName,
        start_url: "/",
        // The site is pages to read, not an app: an installed shortcut keeps the browser's address bar.
        display: "minimal-ui",
        theme_color: THEME,
        background_color: BACKGROUND,
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        ],
      },
      null,
      2,
    )}\n`,
  ],
];
for (const [name, content] of files) {
  fs.writeFileSync(path.join(publicDir, name), content);
  console.log(`public/${name}  ${Buffer.byteLength(content)} bytes`);
}
