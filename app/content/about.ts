/**
 * About page content (spec part 1 §2.5 and §3.1).
 *
 * DEMO CONTENT: every person, biography and partner organisation below is
 * fictional, written so the page can be reviewed before launch. The
 * organisation replaces it with its own people and partners; the page reads
 * only these exports, so editing this file is all it takes. Keep exactly
 * three directors, six USA team members and three affiliations, as the
 * specification describes.
 */

/** A person shown on a card: no photo files exist, so cards show a placeholder portrait. */
export type Person = {
  name: string;
  /** The position held, e.g. "Founder-Director & Chief Executive Officer". */
  role: string;
  /** Degrees, licences and certifications, e.g. "MD, Board-Certified in Family Medicine". */
  credentials?: string;
  /** Two to four sentences, shown in full on the card. */
  bio: string;
  /**
   * Colourway of the placeholder portrait (an index into PORTRAIT_PALETTES of
   * components/people/person-avatar.tsx), so people shown together differ;
   * without it the name picks one.
   */
  portrait?: number;
};

/**
 * A partner's emblem. "monogram" draws one to three letters in a small inline
 * SVG badge; "image" is for the partner's real logo once the organisation has
 * permission to use it (a file under public/, e.g. "/images/partners/x.svg").
 * Either is decorative: the partner's name is always shown beside it.
 */
export type AffiliationImage = { kind: "monogram"; letters: string } | { kind: "image"; src: string };

/** A partner organisation (spec §3.1: title, description, img, url). */
export type Affiliation = {
  title: string;
  description: string;
  img: AffiliationImage;
  /** Opened in a new tab by the card's "Visit Website" link. */
  url: string;
};

export type AboutContent = {
  vision: string;
  mission: string;
  directors: Person[];
  usaTeam: Person[];
  affiliations: Affiliation[];
};

export const vision =
  "A world where every person lives with emotional clarity, inner peace and holistic well-being.";

export const mission =
  "To spread self-healing and conscious living through professional hypnotherapy education and awareness programs.";

export const directors: Person[] = [
  {
    name: "Dr. Elena Marquez-Hale",
    portrait: 4,
    role: "Founder-Director & Chief Executive Officer",
    credentials: "PhD in Clinical Psychology, Certified Clinical Hypnotherapist",
    bio:
      "Elena founded the institute after twenty years of private practice, convinced that the tools of hypnotherapy belong in everyday life and not only in the clinic. She designed the DECODE series and still leads its opening weekends, setting the calm, evidence-minded tone of every program.",
  },
  {
    name: "Marcus Whitfield",
    portrait: 2,
    role: "Director & Strategic Business Head",
    credentials: "MBA, Certified Hypnotherapist",
    bio:
      "Marcus guides the institute's growth across the USA, from choosing workshop cities to building partnerships with clinics and schools. A former healthcare operations leader, he makes sure every program is run with the same care, whichever venue hosts it.",
  },
  {
    name: "Dr. Priya Raman-Cole",
    portrait: 3,
    role: "Director, Head of Quality Control & Certifying Authority",
    credentials: "PsyD, Licensed Psychologist, Master Trainer in Regression Therapy",
    bio:
      "Priya oversees the curriculum, assessment standards and supervised practice hours of every program. As certifying authority, she reviews each graduate's case work personally and signs every certificate the institute issues.",
  },
];

export const usaTeam: Person[] = [
  {
    name: "Dr. Samuel Okafor",
    portrait: 7,
    role: "Integrative Physician",
    credentials: "MD, Board-Certified in Family Medicine",
    bio:
      "Samuel has practiced family medicine in Atlanta for fifteen years and brought clinical hypnosis into his practice to help patients with chronic pain and sleep difficulties. He teaches the medical-safety modules of the ICH program, helping therapists recognize when to refer a client to a physician.",
  },
  {
    name: "Rachel Lindqvist",
    portrait: 0,
    role: "Clinical Social Worker & Hypnotherapist",
    credentials: "LCSW, Certified Clinical Hypnotherapist",
    bio:
      "Rachel works with adults recovering from anxiety and burnout in Minneapolis. Her sessions blend cognitive approaches with gentle trance work, and she mentors DECODE students through their first supervised client hours.",
  },
  {
    name: "Dr. Amara Delgado",
    portrait: 5,
    role: "Clinical Psychologist",
    credentials: "PsyD, Licensed Clinical Psychologist",
    bio:
      "Amara specializes in trauma-informed care and has spent a decade working with veterans and first responders in San Diego. She leads our workshops on safe regression practice, with a steady focus on grounding, consent and pacing.",
  },
  {
    name: "Jonathan Reyes",
    portrait: 6,
    role: "Registered Nurse & Regression Therapy Practitioner",
    credentials: "RN, BSN, Certified Regression Therapist",
    bio:
      "Jonathan spent twelve years in hospice and palliative nursing before training in regression therapy. He brings a nurse's practical compassion to his work in Phoenix, and teaches how to hold space for clients facing grief and loss.",
  },
  {
    name: "Grace Nakamura",
    portrait: 1,
    role: "Acupuncturist & Mind-Body Practitioner",
    credentials: "LAc, MS in Oriental Medicine",
    bio:
      "Grace runs an integrative wellness clinic in Portland, Oregon, where acupuncture, breathwork and guided relaxation work side by side. In the TASSO program she teaches body awareness practices that help clients settle into a relaxed, receptive state. Her students value her unhurried, practical teaching.",
  },
  {
    name: "Daniel Brooks",
    portrait: 9,
    role: "Marriage & Family Therapist, Family Constellation Facilitator",
    credentials: "LMFT, Certified Family Constellation Facilitator",
    bio:
      "Daniel has supported couples and families in Austin for over fourteen years. He facilitates our Family Constellation sessions, creating a respectful, contained space where participants can see long-held family patterns with fresh eyes.",
  },
];

export const affiliations: Affiliation[] = [
  {
    title: "American Council of Clinical Hypnotherapy Educators",
    description:
      "A professional body that sets teaching standards for hypnotherapy training schools. Our ICH curriculum and trainer qualifications are reviewed against its guidelines every year.",
    img: { kind: "monogram", letters: "AC" },
    url: "https://example.org/clinical-hypnotherapy-educators",
  },
  {
    title: "Global Regression Therapy Alliance",
    description:
      "An international network of regression therapists committed to ethical, client-centered practice. Our graduates can join its peer supervision groups and continuing-education events.",
    img: { kind: "monogram", letters: "GR" },
    url: "https://example.org/regression-therapy-alliance",
  },
  {
    title: "National Association for Mind-Body Wellness",
    description:
      "A non-profit that brings mind-body practices into schools, workplaces and community health centers. Together we run free awareness talks for parents, teachers and healthcare teams.",
    img: { kind: "monogram", letters: "MB" },
    url: "https://example.org/mind-body-wellness",
  },
];

/** Everything the About page shows, in one object. */
export const aboutContent: AboutContent = { vision, mission, directors, usaTeam, affiliations };
