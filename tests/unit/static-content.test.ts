import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { directors } from "~/content/about";
import { fallbackLevel, fallbackLevels, staticDecodeLevels } from "~/content/fallback-levels";
import { levelInstructors } from "~/content/instructors";
import { tassoModules } from "~/content/tasso";
import { tassoEnrolment } from "~/content/tasso-enrolment";
import { formatPrice } from "~/features/events/format";

/** Every string inside a value, for checks over all visible copy. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

/** British spellings that D14 keeps out of visible copy. */
const british = /\b(behaviour|programme|organisation|organise|recognis|colour|centre|practise|judgement|licence|counsellor|signalling|favour|honour)/i;

describe("ICH fallback levels (spec part 2 §9, D11)", () => {
  it.each([
    [1, "2 Days", "$600"],
    [2, "5 Days", "$1,500"],
    [3, "5 Days", "$1,500"],
    [4, "6 Days", "$1,800"],
    [5, "8 Days", "$2,400"],
    [6, "6 Days", "$900"],
  ] as const)("level %d: %s, %s", (level, duration, price) => {
    const content = fallbackLevels[level];
    expect(content.level).toBe(level);
    expect(content.duration).toBe(duration);
    expect(formatPrice(content.price.cents, content.price.currency)).toBe(price);
  });

  it("has the prerequisites of §9", () => {
    expect(fallbackLevels[2].prerequisites.join(" ")).toMatch(/Level I\b/);
    expect(fallbackLevels[3].prerequisites.join(" ")).toMatch(/Level II\b/);
    expect(fallbackLevels[3].prerequisites.join(" ")).toMatch(/50 documented hours/);
    expect(fallbackLevels[3].prerequisites.join(" ")).toMatch(/[Cc]ase studies/);
    expect(fallbackLevels[4].prerequisites.join(" ")).toMatch(/Level III\b/);
    expect(fallbackLevels[5].prerequisites.join(" ")).toMatch(/Level IV\b/);
    expect(fallbackLevels[6].prerequisites.join(" ")).toMatch(/Level V\b.*affiliated/);
  });

  it("has the class sizes and hours of §9", () => {
    expect(fallbackLevels[2].course_details).toMatchObject({ students: 14, total_hours: 50 });
    expect(fallbackLevels[3].course_details).toMatchObject({ students: 10, total_hours: 70 });
    expect(fallbackLevels[6].course_details.students).toBe(20);
  });

  it("says 5 days everywhere for level 3 (D11)", () => {
    expect(texts(fallbackLevels[3]).join(" ")).not.toMatch(/7[- ]day|seven/i);
  });

  it("gives Born Again its title, limit, discount, validity and hours", () => {
    const born = fallbackLevels[6];
    expect(born.title).toMatch(/Born Again/);
    expect(born.title).toMatch(/Inner Child Healing/);
    const all = texts(born).join(" ");
    expect(all).toMatch(/Limited to 20 participants/);
    expect(all).toMatch(/50% discount for trainers and supervisors of the institute and of an affiliated body/);
    expect(all).toMatch(/valid for 1 year from the date of your first workshop/);
    expect(born.session_details?.time).toMatch(/^9:00 AM to 6:00 PM/);
  });

  it("never carries a fixed session date (D12)", () => {
    for (const content of [...Object.values(fallbackLevels), ...Object.values(staticDecodeLevels)]) {
      expect(content.next_session).toBeUndefined();
      expect(texts(content).join(" ")).not.toMatch(/\b20\d\d\b/);
    }
    expect(fallbackLevels[6].session_details?.date).toBeUndefined();
  });

  it("fills every section of the level page, curriculum in two even columns", () => {
    for (const content of Object.values(fallbackLevels)) {
      expect(content.title && content.subtitle && content.certification).toBeTruthy();
      for (const list of [content.enrollment_features, content.what_youll_learn, content.immediate_benefits, content.long_term_benefits, content.prerequisites, content.who_should_attend]) {
        expect(list.length).toBeGreaterThan(0);
      }
      expect(content.curriculum.length % 2).toBe(0);
      expect(content.instructor.name).toBeTruthy();
    }
  });

  it("falls back to level 1 for an unknown level", () => {
    expect(fallbackLevel(4).level).toBe(4);
    expect(fallbackLevel("6").level).toBe(6);
    expect(fallbackLevel(9).level).toBe(1);
    expect(fallbackLevel(undefined).level).toBe(1);
  });
});

describe("static DECODE levels (spec part 2 §1, §9)", () => {
  it.each([
    [1, "Decode Your Mind", "1 Day", "$300"],
    [2, "Decode Your Behavior", "2 Days", "$600"],
    [3, "Decode Your Relationships", "2 Days", "$600"],
    [4, "Decode Your Blueprint", "2 Days", "$600"],
    [5, "Decode The Child", "4 Hours", "$35"],
  ] as const)("level %d: %s, %s, %s", (level, title, duration, price) => {
    const content = staticDecodeLevels[level];
    expect(content).toMatchObject({ level, title, duration });
    expect(formatPrice(content.price.cents, content.price.currency)).toBe(price);
  });

  it("level 5 is a per-person masterclass from 9 AM to 1 PM for parents, teachers and caregivers", () => {
    const five = staticDecodeLevels[5];
    expect(five.price_note).toBe("per person");
    expect(five.subtitle1).toMatch(/parents, teachers and caregivers/);
    expect(texts(five).join(" ")).toMatch(/9 AM to 1 PM/);
  });

  it("mentions the two graduate discounts", () => {
    expect(staticDecodeLevels[2].enrollment_features.join(" ")).toMatch(/10% discount on Level 3 for Level 2 graduates/);
    expect(staticDecodeLevels[4].enrollment_features.join(" ")).toMatch(/10% discount on premium programs/);
  });

  it("fills the nine sections, curriculum in two even columns", () => {
    for (const content of Object.values(staticDecodeLevels)) {
      expect(content.description.length).toBeGreaterThan(50);
      for (const list of [content.what_youll_learn, content.immediate_benefits, content.long_term_benefits, content.enrollment_features, content.who_should_attend, content.prerequisites]) {
        expect(list.length).toBeGreaterThan(0);
      }
      expect(content.curriculum.length % 2).toBe(0);
    }
  });
});

describe("TASSO (spec part 2 §2.7, D4, D12)", () => {
  it("has six modules: 2 hours, then 3 hours each", () => {
    expect(tassoModules.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(tassoModules.map((m) => m.duration)).toEqual(["2 hours", "3 hours", "3 hours", "3 hours", "3 hours", "3 hours"]);
  });

  it("gives each module points to learn and example.org resources", () => {
    for (const m of tassoModules) {
      expect(m.title && m.description).toBeTruthy();
      expect(m.learningPoints.length).toBeGreaterThan(0);
      expect(m.resources.length).toBeGreaterThan(0);
      for (const r of m.resources) expect(r.url).toMatch(/^https:\/\/example\.org\//);
    }
  });

  it("uses media files that exist", () => {
    const pub = path.resolve(import.meta.dirname, "../../public");
    for (const m of tassoModules) {
      expect(existsSync(path.join(pub, m.video.src))).toBe(true);
      expect(existsSync(path.join(pub, m.thumbnail.fallback))).toBe(true);
    }
  });

  it("has the enrolment card: $1,500, four features, a certified instructor, no session date", () => {
    expect(tassoEnrolment.title).toBe("Enroll in TASSO Program");
    expect(formatPrice(tassoEnrolment.price.cents, tassoEnrolment.price.currency)).toBe("$1,500");
    expect(tassoEnrolment.features).toHaveLength(4);
    expect(tassoEnrolment.instructor).toMatchObject({ name: "Grace Nakamura", label: "Certified Faculty" });
    expect(texts(tassoEnrolment).join(" ")).not.toMatch(/\b20\d\d\b/);
  });
});

describe("instructors", () => {
  it("are two people of the About page, with the same credentials", () => {
    expect(levelInstructors).toHaveLength(2);
    for (const i of levelInstructors) {
      const person = directors.find((d) => d.name === i.name);
      expect(person?.credentials).toBe(i.credentials);
      expect(i.bio.length).toBeGreaterThan(50);
    }
  });
});

describe("visible copy is American English (D14)", () => {
  it.each([
    ["fallback levels", fallbackLevels],
    ["DECODE levels", staticDecodeLevels],
    ["TASSO", { tassoModules: tassoModules.map(({ thumbnail: _t, video: _v, ...rest }) => rest), tassoEnrolment }],
    ["instructors", levelInstructors],
  ])("%s", (_name, content) => {
    expect(texts(content).filter((t) => british.test(t))).toEqual([]);
  });
});
