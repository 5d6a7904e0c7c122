import { fallbackLevel, fallbackLevels, staticDecodeLevels, type CourseLevel, type DecodeLevel, type SessionDetails } from "~/content/fallback-levels";
import type { ProgrammeDetails } from "./details";
import type { PageSections, PageSectionsInput } from "./schema";

/** The kinds of programme that have a level page (spec part 2 §2.2). */
export type LevelPageKind = "decode" | "hypnotherapy";

export type { PageSections };

/** The built-in content of a level: DECODE's five levels, else the ICH levels I–V and Born Again (spec §9); else level 1. */
export function builtIn(kind: LevelPageKind, level: number): CourseLevel | DecodeLevel {
  if (kind === "decode") return staticDecodeLevels[level as keyof typeof staticDecodeLevels] ?? staticDecodeLevels[1];
  return fallbackLevel(level);
}

/** Whether built-in content exists for this level of this kind (a level page without a stored programme shows it). */
export function hasBuiltIn(kind: LevelPageKind, level: number): boolean {
  return kind === "decode" ? Object.hasOwn(staticDecodeLevels, level) : Object.hasOwn(fallbackLevels, level);
}

/**
 * The built-in content a page of this kind and level borrows: a stored programme borrows only its own
 * level's; one without a level number (as staff create them), or at a level with no built-in content,
 * none (another level's curriculum would describe a different course). `stored` false: the level page
 * of a level with no programme stored, which shows its level's content.
 */
export function borrowedContent(kind: LevelPageKind, level: number | null, stored: boolean): CourseLevel | DecodeLevel | null {
  if (stored && (level === null || !hasBuiltIn(kind, level))) return null;
  return builtIn(kind, level ?? 1);
}

/** The stored details when they have the expected shape, field by field; null fields fall back. */
export function readDetails(raw: unknown): Partial<Record<keyof ProgrammeDetails, unknown>> {
  return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]).map((x) => x.trim()).filter(Boolean) : null;

function readSessionDetails(v: unknown): SessionDetails | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const text = (k: string) => (typeof o[k] === "string" && (o[k] as string).trim() ? (o[k] as string).trim() : undefined);
  const time = text("time");
  const venue = text("venue");
  const registration = text("registration");
  const discount = text("discount_note");
  if (!time && !venue && !registration && !discount) return null;
  return { time: time ?? "", venue: venue ?? "", registration: registration ?? "", ...(discount ? { discount_note: discount } : {}) };
}

/**
 * What sections 3 to 7 of a page show: the stored details, section by section, once staff (or the seed)
 * stored any; before that the borrowed built-in content. A section stored empty is hidden.
 */
export function pageSectionsOf(kind: LevelPageKind, level: number | null, details: unknown, stored: boolean): PageSections {
  const base = borrowedContent(kind, level, stored);
  const hasDetails = Boolean(details && typeof details === "object");
  const d = readDetails(details);
  const list = (saved: unknown, fallback: string[] | undefined) => strings(saved) ?? (hasDetails ? [] : (fallback ?? []));
  return {
    immediateBenefits: list(d.immediateBenefits, base?.immediate_benefits),
    longTermBenefits: list(d.longTermBenefits, base?.long_term_benefits),
    curriculum: list(d.curriculum, base?.curriculum),
    whoShouldAttend: list(d.whoShouldAttend, base?.who_should_attend),
    prerequisites: list(d.prerequisites, base?.prerequisites),
    sessionDetails: hasDetails ? readSessionDetails(d.sessionDetails) : base && "session_details" in base ? (base.session_details ?? null) : null,
  };
}

/**
 * The details to store after a save that sent some of the sections: the sections sent replace theirs,
 * the others keep what the page showed (the stored ones, or the built-in content the page borrowed, so a
 * save of one section does not hide the rest), and any other stored keys (the seed's course facts) stay.
 */
export function mergedDetails(kind: LevelPageKind, level: number | null, storedDetails: unknown, sent: PageSectionsInput): ProgrammeDetails {
  const shown = pageSectionsOf(kind, level, storedDetails, true);
  const next = { ...shown, ...sent };
  const session = next.sessionDetails;
  return {
    ...(readDetails(storedDetails) as Partial<ProgrammeDetails>),
    immediateBenefits: next.immediateBenefits,
    longTermBenefits: next.longTermBenefits,
    curriculum: next.curriculum,
    whoShouldAttend: next.whoShouldAttend,
    prerequisites: next.prerequisites,
    sessionDetails: session ?? undefined,
  };
}
