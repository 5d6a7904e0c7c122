import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Text formats worth compressing; images, fonts (woff2) and video already are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|vtt|xml|webmanifest|html)$/i;
/**
 * A compressed answer carries two headers more than the plain file
 * (`Content-Encoding: br` and `Vary: Accept-Encoding`, 45 bytes over HTTP/1.1):
 * a variant is kept only when it saves more than that, with room to spare. Small
 * files count: a public page loads a dozen scripts under a kilobyte (icons,
 * hooks), which compress to about half (decision 0085; it was a flat 1 KB floor).
 */
export const MIN_SAVING_BYTES = 64;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside each
 * compressible file of the client build, so the server sends a file compressed
 * once at build time instead of compressing it again on every request. A variant
 * is kept only when it saves at least 10 % and at least `MIN_SAVING_BYTES`.
 */
export function precompressFiles(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    });
    const gz = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
    const worth = (variant: Buffer) => variant.byteLength < source.byteLength * 0.9 && source.byteLength - variant.byteLength >= MIN_SAVING_BYTES;
    if (!worth(br) && !worth(gz)) continue;
    totals.files += 1;
    totals.bytes += source.byteLength;
    if (worth(br)) {
      fs.writeFileSync(`${file}.br`, br);
      totals.br += br.byteLength;
    }
    if (worth(gz)) {
      fs.writeFileSync(`${file}.gz`, gz);
      totals.gz += gz.byteLength;
    }
  }
  return totals;
}
