/**
 * schema.org `Event` for each listed Family Constellation session (issue 8,
 * search engines): start and end in the venue's local time with its UTC offset
 * (D13), the place, the facilitator, and an offer whose availability comes
 * from the live seat count. Pure and isomorphic.
 */
import { dateTimeFormat } from "~/lib/format";
import { offerAvailability } from "~/features/programmes/course-jsonld";

export type EventJsonLdSession = {
  _id: string;
  title: string;
  startDate: string;
  endDate?: string | null;
  timeZone: string;
  city?: string | null;
  venue?: string | null;
  facilitator?: string | null;
  organiser?: string | null;
  price?: number | null;
  currency?: string | null;
  seatsLeft?: number | null;
  availability?: "open" | "closed" | "past" | "no-enrol" | "full" | "cancelled";
  externalLink?: string | null;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as ISO 8601 in a zone's local time with its offset: '2026-12-05T09:00:00-05:00'. */
export function zonedIso(instant: string, timeZone: string): string {
  const date = new Date(instant);
  const parts = Object.fromEntries(
    dateTimeFormat(timeZone, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offsetMinutes = Math.round((local - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function eventJsonLd(session: EventJsonLdSession, opts: { url: string; orgName: string; description?: string }) {
  const place = session.venue?.trim() || session.city?.trim() || "To be announced";
  const offered = session.availability !== "closed" && session.availability !== "no-enrol" && session.availability !== "cancelled";
  const hasPrice = typeof session.price === "number" && Number.isFinite(session.price) && session.price >= 0;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: session.title,
    ...(opts.description ? { description: opts.description } : {}),
    startDate: zonedIso(session.startDate, session.timeZone),
    ...(session.endDate ? { endDate: zonedIso(session.endDate, session.timeZone) } : {}),
    eventStatus: `https://schema.org/${session.availability === "cancelled" ? "EventCancelled" : "EventScheduled"}`,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: place,
      address: { "@type": "PostalAddress", ...(session.city ? { addressLocality: session.city } : {}), addressCountry: "US" },
    },
    organizer: { "@type": "Organization", name: session.organiser?.trim() || opts.orgName, url: opts.url },
    ...(session.facilitator ? { performer: { "@type": "Person", name: session.facilitator } } : {}),
    ...(offered
      ? {
          offers: {
            "@type": "Offer",
            ...(hasPrice ? { price: session.price, priceCurrency: (session.currency ?? "USD").toUpperCase() } : {}),
            availability: `https://schema.org/${offerAvailability(session)}`,
            url: session.externalLink?.trim() || `${opts.url}?id=${encodeURIComponent(session._id)}&modal=true`,
          },
        }
      : {}),
  };
}
