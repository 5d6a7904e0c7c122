import { describe, expect, expectTypeOf, it } from "vitest";
import type { EventJson } from "~/features/events/events.server";
import type { ProgrammeJson } from "~/features/programmes/programmes.server";
import { LIMITED_SEATS_THRESHOLD, courseJsonLd, offerAvailability, type CourseSession } from "~/features/programmes/course-jsonld";

const now = new Date("2026-03-01T12:00:00Z");
const opts = { url: "https://example.org/ich/level/ich-1", orgName: "Mindful Path Institute", orgUrl: "https://example.org", now };
const programme = { title: "Level I: Foundations of Clinical Hypnotherapy", subtitle: "Learn what hypnosis is.", certification: "Professional Certification" };

function session(over: Partial<CourseSession> = {}): CourseSession {
  return {
    _id: "s-1",
    title: "Foundations",
    startDate: "2026-04-05T14:00:00.000Z",
    endDate: "2026-04-06T23:00:00.000Z",
    city: "Austin",
    venue: "Lakeside Center",
    price: 450,
    currency: "USD",
    seats: 20,
    seatsLeft: 12,
    availability: "open",
    externalLink: null,
    ...over,
  };
}

describe("offerAvailability: from the live seats", () => {
  it("InStock when not limited or plenty are left", () => {
    expect(offerAvailability({ seatsLeft: null, availability: "open" })).toBe("InStock");
    expect(offerAvailability({ seatsLeft: LIMITED_SEATS_THRESHOLD + 1 })).toBe("InStock");
  });
  it("LimitedAvailability with 5 or fewer seats left", () => {
    expect(offerAvailability({ seatsLeft: LIMITED_SEATS_THRESHOLD })).toBe("LimitedAvailability");
    expect(offerAvailability({ seatsLeft: 1 })).toBe("LimitedAvailability");
  });
  it("SoldOut with none left or a full session", () => {
    expect(offerAvailability({ seatsLeft: 0 })).toBe("SoldOut");
    expect(offerAvailability({ seatsLeft: null, availability: "full" })).toBe("SoldOut");
  });
});

describe("courseJsonLd", () => {
  it("takes the wire JSON of a programme and its sessions as they are", () => {
    expectTypeOf<EventJson>().toExtend<CourseSession>();
    expectTypeOf<ProgrammeJson>().toExtend<Parameters<typeof courseJsonLd>[0]>();
  });

  it("builds a Course with one onsite CourseInstance per upcoming session", () => {
    const ld = courseJsonLd(programme, [session()], opts);
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "Level I: Foundations of Clinical Hypnotherapy",
      description: "Learn what hypnosis is.",
      url: opts.url,
      provider: { "@type": "Organization", name: "Mindful Path Institute", sameAs: "https://example.org" },
      educationalCredentialAwarded: "Professional Certification",
      hasCourseInstance: [
        {
          "@type": "CourseInstance",
          courseMode: "onsite",
          name: "Foundations",
          startDate: "2026-04-05T14:00:00.000Z",
          endDate: "2026-04-06T23:00:00.000Z",
          location: { "@type": "Place", name: "Lakeside Center", address: { "@type": "PostalAddress", addressLocality: "Austin", addressCountry: "US" } },
          offers: { "@type": "Offer", price: 450, priceCurrency: "USD", category: "Paid", availability: "https://schema.org/InStock", url: opts.url },
        },
      ],
    });
    // Serialisable as the page embeds it.
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });

  it("gives each offer its availability from the seats left", () => {
    const ld = courseJsonLd(
      programme,
      [session({ _id: "a", seatsLeft: 1 }), session({ _id: "b", seatsLeft: 0, availability: "full" }), session({ _id: "c", seats: null, seatsLeft: null })],
      opts,
    );
    const availabilities = ld.hasCourseInstance!.map((i) => (i.offers as { availability: string }).availability);
    expect(availabilities).toEqual(["https://schema.org/LimitedAvailability", "https://schema.org/SoldOut", "https://schema.org/InStock"]);
  });

  it("leaves out sessions that have started or are past, keeping the order of the rest", () => {
    const ld = courseJsonLd(
      programme,
      [
        session({ _id: "past", title: "Past", startDate: "2026-02-01T14:00:00.000Z" }),
        session({ _id: "marked", title: "Marked", availability: "past" }),
        session({ _id: "later", title: "Later", startDate: "2026-06-01T14:00:00.000Z" }),
        session({ _id: "sooner", title: "Sooner", startDate: "2026-05-01T14:00:00.000Z" }),
        session({ _id: "bad", title: "Bad date", startDate: "not a date" }),
      ],
      opts,
    );
    expect(ld.hasCourseInstance!.map((i) => i.name)).toEqual(["Later", "Sooner"]);
    expect(courseJsonLd(programme, [session({ startDate: "2026-01-01T00:00:00Z" })], opts)).not.toHaveProperty("hasCourseInstance");
    expect(courseJsonLd(programme, [], opts)).not.toHaveProperty("hasCourseInstance");
  });

  it("points the offer at the external link when the session has one, and gives no offer when it takes no enrolment", () => {
    const ld = courseJsonLd(
      programme,
      [
        session({ _id: "x", externalLink: "https://tickets.example.com/e/1" }),
        session({ _id: "n", availability: "no-enrol" }),
        session({ _id: "c", availability: "closed" }),
      ],
      opts,
    );
    const [external, noEnrol, closed] = ld.hasCourseInstance!;
    expect(external!.offers).toMatchObject({ url: "https://tickets.example.com/e/1" });
    expect(noEnrol).not.toHaveProperty("offers");
    expect(closed).not.toHaveProperty("offers");
    expect(noEnrol!.location).toBeDefined();
  });

  it("handles missing price, venue, city, end date and optional programme fields", () => {
    const ld = courseJsonLd(
      { title: "Born Again", subtitle: "  ", certification: null },
      [session({ price: null, venue: null, endDate: null, title: null, currency: null }), session({ venue: " ", city: null, price: 0, currency: "aed" })],
      { url: "https://example.org/ich/level/ich-6", orgName: "Org", now },
    );
    expect(ld).not.toHaveProperty("description");
    expect(ld).not.toHaveProperty("educationalCredentialAwarded");
    expect(ld.provider).toEqual({ "@type": "Organization", name: "Org" });
    const [noPrice, free] = ld.hasCourseInstance!;
    expect(noPrice).not.toHaveProperty("endDate");
    expect(noPrice).not.toHaveProperty("name");
    expect(noPrice!.location).toEqual({ "@type": "Place", name: "Austin", address: { "@type": "PostalAddress", addressLocality: "Austin", addressCountry: "US" } });
    expect(noPrice!.offers).toEqual({ "@type": "Offer", availability: "https://schema.org/InStock", url: "https://example.org/ich/level/ich-6" });
    expect(free!.location).toEqual({ "@type": "Place", name: "To be announced", address: { "@type": "PostalAddress", addressCountry: "US" } });
    expect(free!.offers).toMatchObject({ price: 0, priceCurrency: "AED", category: "Free" });
  });
});
