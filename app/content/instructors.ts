/**
 * The two instructor biography cards of a level page's side panel (spec part 2
 * §2.2, section 9). DEMO CONTENT: the same fictional people as content/about.ts,
 * whose names and credentials are read from there so the two never disagree;
 * the biographies here speak to what they teach.
 */
import { directors, type Person } from "./about";

export type InstructorBio = {
  name: string;
  /** Their role in the training room. */
  role: string;
  credentials: string;
  /** Years and kind of experience, one short line. */
  experience: string;
  /** Two or three sentences. */
  bio: string;
  /** The same placeholder portrait colourway as on the About page. */
  portrait?: number;
};

function director(name: string): Person {
  const found = directors.find((p) => p.name === name);
  if (!found) throw new Error(`content/about.ts has no director ${name}`);
  return found;
}

const elena = director("Dr. Elena Marquez-Hale");
const priya = director("Dr. Priya Raman-Cole");

export const levelInstructors: [InstructorBio, InstructorBio] = [
  {
    name: elena.name,
    role: "Lead Trainer",
    credentials: elena.credentials ?? "",
    portrait: elena.portrait,
    experience: "More than 20 years of private practice and 15 years of teaching",
    bio:
      "Elena designed the institute's training path and teaches its opening levels herself. Her sessions are calm, practical and grounded in research, and she makes sure every student leaves able to use what they learned the same week.",
  },
  {
    name: priya.name,
    role: "Senior Trainer & Certifying Authority",
    credentials: priya.credentials ?? "",
    portrait: priya.portrait,
    experience: "18 years of clinical practice in regression therapy",
    bio:
      "Priya leads the regression and inner child courses and supervises every student's practice hours. She reviews each graduate's case work before signing their certificate, so the standard stays the same in every city.",
  },
];
