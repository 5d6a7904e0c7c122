/**
 * Spec part 1 §3.3: a DECODE programme may arrive with alternative field names;
 * the first present one is used. This reads stored or legacy data into one shape.
 */
export type ProgrammeCard = {
  id: string;
  title: string;
  subtitle: string;
  subtitle1: string | null;
  cardPoints: string[];
  duration: string | null;
  buttonText: string | null;
  videoUrl: string | null;
  thumbnailUrl: string;
  certification: string | null;
  level: number;
};

export const DEFAULT_THUMBNAIL = "/media/programme-1280.webp";

type Raw = Record<string, unknown>;

function firstText(raw: Raw, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = raw[k];
    if (typeof v === "number") return String(v);
    if (typeof v === "string" && v.trim() !== "" && v !== "null" && v !== "undefined") return v.trim();
  }
  return null;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Plain text of a fragment of HTML: tags dropped, the common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => entities[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A string holding list markup becomes one line per <li>; other strings stay one line. */
export function splitCardPoints(points: unknown): string[] {
  const list = Array.isArray(points) ? points : typeof points === "string" ? [points] : [];
  const out: string[] = [];
  for (const p of list) {
    if (typeof p !== "string") continue;
    if (/<li[\s>]/i.test(p)) {
      for (const m of p.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)) {
        const text = htmlToText(m[1] ?? "");
        if (text) out.push(text);
      }
    } else {
      const text = htmlToText(p);
      if (text) out.push(text);
    }
  }
  return out;
}

/** The file name of an uploaded thumbnail as a URL (backslashes from old uploads made forward). */
export function uploadUrl(name: string): string {
  if (/^(https?:)?\/\//.test(name) || name.startsWith("/")) return name.replace(/\\/g, "/");
  const clean = name.replace(/\\/g, "/").replace(/^uploads\//, "");
  return `/uploads/${clean.split("/").map(encodeURIComponent).join("/")}`;
}

/** 'LEVEL n' in the title gives the level; otherwise 1 (spec part 2 §9). */
export function levelFromTitle(title: string): number {
  const m = /level\s*(\d+)/i.exec(title);
  return m ? Number(m[1]) : 1;
}

export function normaliseProgramme(raw: Raw): ProgrammeCard {
  const title = firstText(raw, "title", "programTitle") ?? "Untitled programme";
  const thumb = firstText(raw, "thumbnail") ?? firstText(raw, "thumbnailSrc", "image");
  const level = typeof raw.level === "number" ? raw.level : levelFromTitle(title);
  return {
    id: firstText(raw, "id", "_id") ?? "",
    title,
    subtitle: firstText(raw, "subtitle", "description") ?? "",
    subtitle1: firstText(raw, "subtitle1"),
    cardPoints: splitCardPoints(raw.cardPoints),
    duration: firstText(raw, "duration", "length"),
    buttonText: firstText(raw, "buttonText"),
    videoUrl: firstText(raw, "videoUrl", "videoSrc", "video"),
    thumbnailUrl: thumb ? uploadUrl(thumb) : DEFAULT_THUMBNAIL,
    certification: firstText(raw, "certification"),
    level,
  };
}
