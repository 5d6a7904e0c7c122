/**
 * Demo ICH and TASSO programmes, made from the built-in content
 * (content/fallback-levels.ts, content/tasso.ts) so the database holds real,
 * editable programmes with sessions. Seeded once with fixed ids.
 */
import type { ProgrammeDetails } from "../../features/programmes/details.ts";
import { fallbackLevels, type FallbackLevelNumber } from "../fallback-levels.ts";
import { tassoModules } from "../tasso.ts";
import { tassoEnrolment } from "../tasso-enrolment.ts";
import type { SeedProgramme } from "./decode-programmes.ts";

const escape = (t: string) => t.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escape(i)}</li>`).join("")}</ul>`;

export type SeedProgrammeWithDetails = SeedProgramme & { kind: "hypnotherapy" | "tasso"; details: ProgrammeDetails | null };

export const ichProgrammes: SeedProgrammeWithDetails[] = ([1, 2, 3, 4, 5, 6] as FallbackLevelNumber[]).map((n) => {
  const l = fallbackLevels[n];
  return {
    id: `ich-${n}`,
    kind: "hypnotherapy",
    level: n,
    title: l.title,
    subtitle: l.subtitle,
    duration: l.duration,
    priceCents: l.price.cents,
    buttonText: "Enroll Now",
    certification: l.certification,
    cardPoints: [list(l.what_youll_learn.map((w) => w.heading))],
    enrollmentFeatures: l.enrollment_features,
    learningSections: l.what_youll_learn.map((w, i) => ({ _id: `ich-${n}-s${i + 1}`, title: w.heading, content: `<p>${escape(w.description)}</p>` })),
    details: {
      whatYoullLearn: l.what_youll_learn,
      immediateBenefits: l.immediate_benefits,
      longTermBenefits: l.long_term_benefits,
      curriculum: l.curriculum,
      whoShouldAttend: l.who_should_attend,
      prerequisites: l.prerequisites,
      sessionDetails: l.session_details,
      courseDetails: l.course_details,
      instructor: l.instructor,
    },
  };
});

export const tassoProgramme: SeedProgrammeWithDetails = {
  id: "tasso",
  kind: "tasso",
  level: 1,
  title: "TASSO Program",
  subtitle: "Six modules of guided practice for calm, focus and self-regulation, taught in person over one week.",
  duration: "6 Days",
  priceCents: tassoEnrolment.price.cents,
  buttonText: "Enroll Now",
  certification: "Certificate of Completion",
  cardPoints: [list(tassoModules.map((m) => m.title))],
  enrollmentFeatures: [...tassoEnrolment.features],
  learningSections: tassoModules.map((m) => ({ _id: `tasso-m${m.id}`, title: m.title, content: `<p>${escape(m.description)}</p>` })),
  details: null,
};
