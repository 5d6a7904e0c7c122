/**
 * schema.org `Course` for a level or programme page (issue 7, search engines):
 * the programme with one `CourseInstance` per upcoming in-person session, each
 * with its dates, place and an offer whose availability comes from the live
 * seat count. Pure and isomorphic; reads the wire JSON of a programme and of
 * its sessions (`ProgrammeJson`, `EventJson`), or any object with those fields.
 */
import { zonedIsoString } from "~/lib/zoned-iso";

/** The programme fields the Course uses. */
export type CourseProgramme = {
  title: string;
  subtitle?: string | null;
  certification?: string | null;
  duration?: string | null;
};

/** The session fields a CourseInstance uses (a subset of `EventJson`). */
export type CourseSession = {
  _id: string;
  title?: string | null;
  startDate: string;
  endDate?: string | null;
  /** The venue's IANA zone: dates are written as its local time with the offset (D13), as on the calendar's events. */
  timeZone?: string | null;
  city?: string | null;
  venue?: string | null;
  /** Whole currency units (dollars), as on the wire; null when not set. */
  price?: number | null;
  currency?: string | null;
  /** Seats in total; null = not limited. */
  seats?: number | null;
  seatsLeft?: number | null;
  availability?: "open" | "closed" | "past" | "no-enrol" | "full" | "cancelled";
  externalLink?: string | null;
};

export type CourseJsonLdOptions = {
  /** The absolute URL of the page the Course is on. */
  url: string;
  orgName: string;
  /** The organisation's own address (its home page), for the provider. */
  orgUrl?: string;
  /** Now, for leaving out sessions that have started (D12). */
  now?: Date;
};

/** At or below this many seats left, a limited session is offered as LimitedAvailability. */
export const LIMITED_SEATS_THRESHOLD = 5;

const SCHEMA = "https://schema.org/";

export type OfferAvailability = "InStock" | "LimitedAvailability" | "SoldOut";

/**
 * Availability from the seats: none left (or the session is full) → SoldOut;
 * a capacity with 5 or fewer seats left → LimitedAvailability; otherwise InStock
 * (not limited counts as plenty).
 */
export function offerAvailability(session: Pick<CourseSession, "seatsLeft" | "availability">): OfferAvailability {
  if (session.availability === "full") return "SoldOut";
  const left = session.seatsLeft;
  if (typeof left === "number") {
    if (left <= 0) return "SoldOut";
    if (left <= LIMITED_SEATS_THRESHOLD) return "LimitedAvailability";
  }
  return "InStock";
}

function text(value: string | null | undefined): string | undefined {
  const t = value?.trim();
  return t ? t : undefined;
}

const zoned = (iso: string, timeZone: string | null | undefined) => (timeZone ? zonedIsoString(iso, timeZone) : iso);

/** One session as a CourseInstance; its offer is left out when the session takes no enrolment (closed, no-enrol). */
function courseInstance(session: CourseSession, opts: CourseJsonLdOptions) {
  const city = text(session.city);
  const venue = text(session.venue);
  const instance: Record<string, unknown> = {
    "@type": "CourseInstance",
    courseMode: "onsite",
    startDate: zoned(session.startDate, session.timeZone),
    ...(session.endDate ? { endDate: zoned(session.endDate, session.timeZone) } : {}),
    ...(text(session.title) ? { name: text(session.title) } : {}),
    location: {
      "@type": "Place",
      name: venue ?? city ?? "To be announced",
      address: { "@type": "PostalAddress", ...(city ? { addressLocality: city } : {}), addressCountry: "US" },
    },
  };
  if (session.availability !== "closed" && session.availability !== "no-enrol" && session.availability !== "cancelled") {
    const hasPrice = typeof session.price === "number" && Number.isFinite(session.price) && session.price >= 0;
    instance.offers = {
      "@type": "Offer",
      ...(hasPrice ? { price: session.price, priceCurrency: (session.currency ?? "USD").toUpperCase(), category: session.price! > 0 ? "Paid" : "Free" } : {}),
      availability: `${SCHEMA}${offerAvailability(session)}`,
      url: text(session.externalLink) ?? opts.url,
    };
  }
  return instance;
}

/**
 * The Course of a programme page. Sessions that have started (or are marked
 * past) are left out; the others keep their order. With no session left, the
 * Course has no `hasCourseInstance`.
 */
export function courseJsonLd(programme: CourseProgramme, sessions: readonly CourseSession[], opts: CourseJsonLdOptions) {
  const now = (opts.now ?? new Date()).getTime();
  const upcoming = sessions.filter((s) => s.availability !== "past" && Date.parse(s.startDate) > now);
  const description = text(programme.subtitle);
  const certification = text(programme.certification);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: programme.title,
    ...(description ? { description } : {}),
    url: opts.url,
    provider: { "@type": "Organization", name: opts.orgName, ...(opts.orgUrl ? { sameAs: opts.orgUrl } : {}) },
    ...(certification ? { educationalCredentialAwarded: certification } : {}),
    ...(upcoming.length ? { hasCourseInstance: upcoming.map((s) => courseInstance(s, opts)) } : {}),
  };
}
