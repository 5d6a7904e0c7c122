/**
 * What a level or programme page shows (spec part 2 §2.2; decision 0010), read
 * straight from the database by the page's loader so the first paint has it.
 * The programme's own content wins; the built-in content of its level
 * (content/fallback-levels.ts, spec §9) fills only what the database lacks.
 */
import { levelInstructors, type InstructorBio } from "~/content/instructors";
import { data } from "react-router";
import { courseJsonLd } from "./course-jsonld";
import type { SessionDetails } from "~/content/fallback-levels";
import type { Database } from "~/db/db.server";
import type { EventJson } from "~/features/events/events.server";
import { sessionDatesSeed } from "~/features/events/format";
import { borrowedContent, hasBuiltIn, pageSectionsOf, type LevelPageKind } from "./page-sections.server";
import { levelName } from "~/features/prerequisites/rules";
import { DEFAULT_CERTIFICATION, DEFAULT_DURATION, levelNumber } from "./level-rules";
import { getProgramme, getProgrammeByLevel, type ProgrammeJson } from "./programmes.server";

export type { LevelPageKind };

export type LevelView = {
  kind: LevelPageKind;
  /** 'level': /level/{n} and its shortcuts; 'programme': /decode/level/{id}, /ich/level/{id}. Decides the empty button's words. */
  page: "level" | "programme";
  /** The stored programme's id, or null when the page shows built-in content only. */
  programmeId: string | null;
  /** Null for a programme staff created without a level number: the page then names no level. */
  level: number | null;
  canonicalPath: string;
  title: string;
  subtitle: string | null;
  subtitle1: string | null;
  duration: string;
  certification: string;
  priceCents: number | null;
  currency: string;
  priceNote: string | null;
  features: string[];
  /** Section 2: sanitised HTML (S4); built-in text is escaped into a paragraph. */
  learningSections: Array<{ id: string; title: string; html: string }>;
  immediateBenefits: string[];
  longTermBenefits: string[];
  curriculum: string[];
  whoShouldAttend: string[];
  prerequisites: string[];
  sessionDetails: SessionDetails | null;
  sessions: EventJson[];
  /** The side panel's two instructor cards. Sent with the page's data, so the About page's content (where their names and credentials come from) stays out of the level page's JavaScript. */
  instructors: InstructorBio[];
  /** The earlier level this one requires (decision 0031): its short name ('DECODE Level 1') and its page, or null. */
  requires: { name: string; path: string | null } | null;
};

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function view(
  kind: LevelPageKind,
  page: LevelView["page"],
  canonicalPath: string,
  level: number | null,
  programme: ProgrammeJson | null,
): LevelView {
  // A stored programme borrows the built-in content of its own level only. One without a level number
  // (as staff create them), or at a level with no built-in content, shows what staff wrote and nothing
  // else: another level's curriculum on its page would describe a different course.
  const base = borrowedContent(kind, level, programme !== null);
  const sections = programme?.learningSections.length
    ? programme.learningSections.map((s) => ({ id: s._id, title: s.title, html: s.content }))
    : (base?.what_youll_learn ?? []).map((w, i) => ({ id: `builtin-${i + 1}`, title: w.heading, html: `<p>${escapeHtml(w.description)}</p>` }));
  const stored = programme?.price;
  return {
    kind,
    page,
    programmeId: programme?._id ?? null,
    level,
    canonicalPath,
    title: programme ? programme.title : base!.title,
    subtitle: programme ? programme.subtitle || null : base!.subtitle,
    subtitle1: programme ? programme.subtitle1 || null : base && "subtitle1" in base ? (base.subtitle1 ?? null) : null,
    duration: (programme ? programme.duration : base!.duration)?.trim() || DEFAULT_DURATION,
    certification: (programme ? programme.certification : base!.certification)?.trim() || DEFAULT_CERTIFICATION,
    priceCents: programme ? (stored === null || stored === undefined ? null : Math.round(stored * 100)) : base!.price.cents,
    currency: programme?.currency ?? base?.price.currency ?? "USD",
    priceNote: programme ? null : base && "price_note" in base ? (base.price_note ?? null) : null,
    features: programme?.enrollment_features.length ? programme.enrollment_features : (base?.enrollment_features ?? []),
    learningSections: sections,
    // Sections 3 to 7: what staff stored, or the borrowed built-in content (D11).
    ...pageSectionsOf(kind, level, programme?.details, programme !== null),
    sessions: programme?.upcomingEvents ?? [],
    requires: null,
    instructors: levelInstructors,
  };
}

/** The level a programme requires, named as the registration form names it, with a link to its page when it has one. */
async function withRequirement(db: Database, v: LevelView, programme: ProgrammeJson | null): Promise<LevelView> {
  if (!programme?.requiredProgramId) return v;
  const required = await db.selectFrom("programmes").select(["id", "title", "kind"]).where("id", "=", programme.requiredProgramId).executeTakeFirst();
  if (!required) return v;
  const prefix = required.kind === "decode" || required.kind === "hypnotherapy" ? programmePrefix[required.kind] : null;
  const short = levelName(required.title);
  // ICH levels are titled 'Level I: …'; on a page of its own the series is named.
  const name = required.kind === "hypnotherapy" && !/^ICH\b/i.test(short) ? `ICH ${short}` : short;
  return { ...v, requires: { name, path: prefix ? `${prefix}${encodeURIComponent(required.id)}` : null } };
}

const programmePrefix: Record<LevelPageKind, string> = { decode: "/decode/level/", hypnotherapy: "/ich/level/" };

/**
 * /decode/level/{ref} and /ich/level/{ref}: a stored programme by its id; else,
 * when `ref` is a level number, the programme at that level, or the built-in
 * content of that level when the database has none. Null: 'Program Not Found'.
 */
export async function loadProgrammePage(db: Database, kind: LevelPageKind, ref: string): Promise<LevelView | null> {
  const byId = await getProgramme(db, kind, ref);
  const prefix = programmePrefix[kind];
  if (byId) return withRequirement(db, view(kind, "programme", `${prefix}${encodeURIComponent(byId._id)}`, byId.level ?? null, byId), byId);
  const n = levelNumber(ref);
  if (n === null) return null;
  const byLevel = await getProgrammeByLevel(db, kind, n);
  if (byLevel) return withRequirement(db, view(kind, "programme", `${prefix}${encodeURIComponent(byLevel._id)}`, n, byLevel), byLevel);
  return hasBuiltIn(kind, n) ? view(kind, "programme", `${prefix}${n}`, n, null) : null;
}

/** /level/{n} (1 to 5) and /level-one … /level-four: the DECODE level, stored or built in. */
export async function loadStaticLevelPage(db: Database, n: number): Promise<LevelView> {
  const programme = await getProgrammeByLevel(db, "decode", n);
  // The same level as its program page, which is the one search engines should keep (decision 0075).
  const canonical = programme ? `${programmePrefix.decode}${encodeURIComponent(programme._id)}` : `/level/${n}`;
  return withRequirement(db, view("decode", "level", canonical, n, programme), programme);
}

export type LevelPageResult =
  | { state: "ok"; view: LevelView }
  | { state: "not-found"; what: "level" | "program" }
  | { state: "error" };

export type LevelJsonLd = ReturnType<typeof courseJsonLd> | null;

/**
 * The page's schema.org Course with its upcoming sessions, made on the server
 * (its code stays out of the browser's JavaScript, the page's budget): the
 * route's `meta` writes it as it is.
 */
function levelCourseJsonLd(v: LevelView, config: { publicUrl: string; site: { orgName: string } }): LevelJsonLd {
  return courseJsonLd(
    { title: v.title, subtitle: v.subtitle, certification: v.certification, duration: v.duration },
    v.sessions,
    { url: `${config.publicUrl}${v.canonicalPath}`, orgName: config.site.orgName, orgUrl: config.publicUrl },
  );
}

/**
 * A level page loader's answer: the view; 404 with what was not found; or,
 * when the database cannot be read, 503 and the error state ('Error loading
 * program', 'Try again'). Never throws, so the page itself says what happened.
 */
export async function levelPageResult(
  services: { logger: { error: (obj: object, msg: string) => void }; config: { publicUrl: string; site: { orgName: string } } },
  what: "level" | "program",
  load: () => Promise<LevelView | null>,
) {
  // With the sessions' dates as the browser will show them: hydration builds no Intl formatter (decision 0088).
  const answer = (result: LevelPageResult, init?: ResponseInit, jsonLd: LevelJsonLd = null) =>
    data({ result, jsonLd, pending: null, formatSeed: result.state === "ok" ? sessionDatesSeed(result.view.sessions) : null }, init);
  try {
    const v = await load();
    return v ? answer({ state: "ok", view: v }, undefined, levelCourseJsonLd(v, services.config)) : answer({ state: "not-found", what }, { status: 404 });
  } catch (err) {
    services.logger.error({ err }, "A level page could not be read");
    return answer({ state: "error" }, { status: 503 });
  }
}
