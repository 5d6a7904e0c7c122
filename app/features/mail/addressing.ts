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

/**
 * "reply to this email or write to …" in the words of where a reply goes: a Family Constellation
 * session's replies reach its organizer (Reply-To), so its mails say so and name each address by its role.
 */
export function replyOrWrite(site: Pick<SiteSettings, "contactEmail">, event: Pick<EventRow, "kind" | "organiser_email">): string {
  const reply = replyAddress(site, event);
  return reply.toLowerCase() !== site.contactEmail.toLowerCase()
    ? `reply to this email (it reaches the session's organizer, ${reply}) or write to us at ${site.contactEmail}`
    : `reply to this email or write to ${site.contactEmail}`;
}

/** "If you have questions or cannot attend, …", to whoever a reply reaches. */
export function questionsSentence(site: Pick<SiteSettings, "contactEmail">, event: Pick<EventRow, "kind" | "organiser_email">): string {
  return `If you have questions or cannot attend, ${replyOrWrite(site, event)}.`;
}
