/**
 * The TASSO page's enrolment card (spec part 2 §2.7; D4, D12, D14): its title
 * and instructor, and the price and features shown when the database has no
 * TASSO programme. DEMO CONTENT; the instructor is the fictional person of
 * content/about.ts, read from there so the two pages never disagree.
 *
 * Only the page's loader reads this file, and hands the page what it shows: so
 * the About page's content is not part of the TASSO page's JavaScript
 * (decision 0085).
 */
import { usaTeam } from "./about";

export type TassoEnrolment = {
  title: string;
  price: { cents: number; currency: "USD" };
  features: [string, string, string, string];
  instructor: { name: string; qualification: string; experience: string; label: string; portrait?: number };
};

const grace = usaTeam.find((p) => p.name === "Grace Nakamura");
if (!grace) throw new Error("content/about.ts has no Grace Nakamura");

export const tassoEnrolment: TassoEnrolment = {
  title: "Enroll in TASSO Program",
  price: { cents: 150_000, currency: "USD" },
  features: [
    "Six modules with guided practice",
    "Video lessons to review at home",
    "Downloadable guides and worksheets",
    "Certificate of completion",
  ],
  instructor: {
    label: "Certified Faculty",
    name: grace.name,
    portrait: grace.portrait,
    qualification: grace.credentials ?? "",
    experience: "More than 12 years of mind-body practice and teaching",
  },
};
