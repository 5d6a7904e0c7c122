import type { EventRow } from "~/db/schema";
import type { SiteSettings } from "~/site-settings";

/**
 * Where a person's reply about a seat goes: the address their confirmation
 * replied to, so one person's mails about one seat reach one inbox (decisions
 * 0046, 0048). A Family Constellation booking's confirmation replies to its
 * organizer; a DECODE, ICH or TASSO registration's to the organization's
 * contact address. Waiting-list mails follow the same rule (decision 0057).
 */
export function replyAddress(site: Pick<SiteSettings, "contactEmail">, event: Pick<EventRow, "kind" | "organiser_email">): string {
  return event.kind === "family" ? (event.organiser_email ?? site.contactEmail) : site.contactEmail;
}

/** The place's label, in the words of the person's confirmation: "Location" for a Family Constellation booking, "Venue" for a registration. */
export function placeLabel(kind: "registration" | "family-booking"): string {
  return kind === "family-booking" ? "Location" : "Venue";
}
