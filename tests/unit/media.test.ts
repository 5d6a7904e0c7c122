import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeProgrammes } from "../../app/content/seed/decode-programmes";
import { decodeLevelImages, ogImage, trainingImages, videos, type ResponsiveImage } from "../../app/content/media";
import { render, scenes } from "../../scripts/media/art";

const PUBLIC = path.resolve(import.meta.dirname, "../../public");
const file = (url: string) => path.join(PUBLIC, url);

/** Width and height from a PNG, JPEG, WebP or AVIF file's header. */
function dimensions(url: string): { width: number; height: number } {
  const b = readFileSync(file(url));
  if (b.subarray(1, 4).toString("latin1") === "PNG") return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b[0] === 0xff && b[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame.
    let i = 2;
    while (i < b.length) {
      const marker = b[i + 1]!;
      const length = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      }
      i += 2 + length;
    }
  }
  if (b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP") {
    const chunk = b.subarray(12, 16).toString("latin1");
    if (chunk === "VP8X") return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    if (chunk === "VP8L") {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  const ispe = b.indexOf("ispe", 0, "latin1");
  if (b.subarray(4, 8).toString("latin1") === "ftyp" && ispe > 0) {
    return { width: b.readUInt32BE(ispe + 8), height: b.readUInt32BE(ispe + 12) };
  }
  throw new Error(`${url}: unknown image format`);
}

/** An MP4's duration in seconds, from its movie header. */
function mp4Seconds(url: string): number {
  const b = readFileSync(file(url));
  const at = b.indexOf("mvhd", 0, "latin1") + 4;
  const version = b[at]!;
  if (version === 1) return Number(b.readBigUInt64BE(at + 24)) / b.readUInt32BE(at + 20);
  return b.readUInt32BE(at + 16) / b.readUInt32BE(at + 12);
}

/** Every (url, width) pair of an image's srcsets and fallback. */
function variants(image: ResponsiveImage): Array<{ url: string; width: number | null }> {
  const fromSet = (set: string) =>
    set
      .split(",")
      .filter((s) => s.trim())
      .map((s) => {
        const [url, w] = s.trim().split(/\s+/);
        return { url: url!, width: Number(w!.replace(/w$/, "")) };
      });
  return [...fromSet(image.avif), ...fromSet(image.webp), { url: image.fallback, width: null }];
}

const allImages: Array<[string, ResponsiveImage]> = [
  ...Object.entries(videos).map(([k, v]) => [`poster ${k}`, v.poster] as [string, ResponsiveImage]),
  ...Object.entries(trainingImages).map(([k, v]) => [`training ${k}`, v] as [string, ResponsiveImage]),
  ...Object.entries(decodeLevelImages).map(([k, v]) => [`level ${k}`, v] as [string, ResponsiveImage]),
];

describe("app/content/media.ts matches public/", () => {
  it.each(allImages)("%s: every variant exists, at the width its srcset names and the declared aspect ratio", (_, image) => {
    const ratio = Math.round((image.width / image.height) * 100) / 100;
    // The JPEG fallback is the smallest width.
    const smallest = Math.min(...variants(image).map((v) => v.width ?? Infinity));
    const found = variants(image).map(({ url }) => {
      if (!existsSync(file(url))) return { url, missing: true };
      const d = dimensions(url);
      return { url, width: d.width, ratio: Math.round((d.width / d.height) * 100) / 100 };
    });
    expect(found).toEqual(variants(image).map(({ url, width }) => ({ url, width: width ?? smallest, ratio })));
    // The largest variant is the declared intrinsic size.
    expect(Math.max(...variants(image).map((v) => v.width ?? 0))).toBe(image.width);
    expect(image.alt.length).toBeGreaterThan(10);
  });

  it.each(Object.entries(videos))("video %s exists and lasts its declared duration", (_, v) => {
    expect(existsSync(file(v.src))).toBe(true);
    expect(mp4Seconds(v.src)).toBeCloseTo(v.durationSeconds, 1);
    expect(!v.captions || existsSync(file(v.captions))).toBe(true);
  });

  it("the Open Graph image has its declared size", () => {
    expect(dimensions(ogImage.src)).toEqual({ width: ogImage.width, height: ogImage.height });
  });

  it("alt texts describe the pictures, which carry no titles", () => {
    const mentioning = allImages.filter(([, image]) => /title|lettering|word /i.test(image.alt)).map(([name]) => name);
    expect(mentioning).toEqual([]);
  });

  it("every picture is its own: no two share a file", () => {
    const files = allImages.map(([, image]) => image.fallback);
    expect(new Set(files).size).toBe(files.length);
  });

  it("each demo DECODE level has its own picture", () => {
    for (const p of decodeProgrammes) expect(Object.keys(decodeLevelImages)).toContain(p.id);
  });
});

describe("scripts/media/art.ts", () => {
  it("draws every scene without text and without randomness", () => {
    const withText = scenes.filter((scene) => /<text|<tspan|font-family/.test(render(scene))).map((s) => s.name);
    expect(withText).toEqual([]);
    const unstable = scenes.filter((scene) => render(scene) !== render(scene)).map((s) => s.name);
    expect(unstable).toEqual([]);
  });

  it("has a scene for every generated picture", () => {
    const names = new Set(scenes.map((s) => s.name));
    const missing = allImages.map(([, image]) => path.basename(image.fallback).replace(/-\d+\.jpg$/, "")).filter((n) => !names.has(n));
    expect(missing).toEqual([]);
  });

  it("gives each scene its own palette", () => {
    // The first colours of each scene's drawing: no two scenes start alike
    // (the Open Graph card reuses the DECODE dusk on purpose).
    const pictures = scenes.filter((s) => s.name !== "og");
    const starts = pictures.map((s) => (render(s).match(/#[0-9a-f]{6}/gi) ?? []).slice(0, 3).join());
    expect(new Set(starts).size).toBe(pictures.length);
  });
});

describe("the media's alternative texts", () => {
  it("use American spelling (screen readers read them out; D14)", () => {
    const british = /\b(?:coloured|colours?|behaviours?|centres?|organis\w*|programmes?|cancelled|enrol|favourite|grey)\b/gi;
    const texts = [
      ...Object.values(decodeLevelImages).map((i) => i.alt),
      ...Object.values(trainingImages).map((i) => i.alt),
      ...Object.values(videos).flatMap((v) => [v.title, v.poster.alt]),
    ];
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.join("\n").match(british) ?? []).toEqual([]);
  });
});
