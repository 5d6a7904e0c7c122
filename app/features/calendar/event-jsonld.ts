/**
 * schema.org `Event` for each session the calendar lists (issue 8, search
 * engines): start and end with the venue's UTC offset (D13), the place, and an
 * offer whose price and availability come from the live seat count. Pure and
 * isomorphic; reads the session JSON.
 */
import { offerAvailability, type CourseSession } from "~/features/programmes/course-jsonld";
import { zonedIsoString } from "~/lib/zoned-iso";

export type EventJsonLdSession = CourseSession & {
  timeZone: string;
  organiser?: string | null;
  facilitator?: string | null;
  programTitle?: string | null;
  noenroll?: boolean;
};

const SCHEMA = "https://schema.org/";

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);

/** One session as an Event; a session without online enrollment (or closed) has no offer. */
export function eventJsonLd(session: EventJsonLdSession, opts: { pageUrl: string; orgName: string; orgUrl?: string }) {
  const city = text(session.city);
  const venue = text(session.venue);
  const organiser = text(session.organiser) ?? opts.orgName;
  const facilitator = text(session.facilitator);
  const event: Record<string, unknown> = {
    "@type": "Event",
    name: text(session.title) ?? text(session.programTitle) ?? "Session",
    startDate: zonedIsoString(session.startDate, session.timeZone),
    ...(session.endDate ? { endDate: zonedIsoString(session.endDate, session.timeZone) } : {}),
    eventStatus: `${SCHEMA}${session.availability === "cancelled" ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: {
      "@type": "Place",
      name: venue ?? city ?? "To be announced",
      address: { "@type": "PostalAddress", ...(city ? { addressLocality: city } : {}), addressCountry: "US" },
    },
    organizer: { "@type": "Organization", name: organiser, ...(organiser === opts.orgName && opts.orgUrl ? { url: opts.orgUrl } : {}) },
    ...(facilitator ? { performer: { "@type": "Person", name: facilitator } } : {}),
    url: text(session.externalLink) ?? opts.pageUrl,
  };
  if (!session.noenroll && session.availability !== "closed" && session.availability !== "no-enrol" && session.availability !== "cancelled") {
    const hasPrice = typeof session.price === "number" && Number.isFinite(session.price) && session.price >= 0;
    event.offers = {
      "@type": "Offer",
      ...(hasPrice ? { price: session.price, priceCurrency: (session.currency ?? "USD").toUpperCase() } : {}),
      availability: `${SCHEMA}${offerAvailability(session)}`,
      url: text(session.externalLink) ?? opts.pageUrl,
    };
  }
  return event;
}

/** The calendar's sessions as one JSON-LD graph; null when there is none (no script is written). */
export function eventsJsonLd(sessions: readonly EventJsonLdSession[], opts: { pageUrl: string; orgName: string; orgUrl?: string; now?: Date }) {
  const now = (opts.now ?? new Date()).getTime();
  const listed = sessions.filter((s) => s.availability !== "past" && Date.parse(s.startDate) > now);
  if (listed.length === 0) return null;
  return { "@context": "https://schema.org", "@graph": listed.map((s) => eventJsonLd(s, opts)) };
}
