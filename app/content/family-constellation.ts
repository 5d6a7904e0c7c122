/**
 * Family Constellation page copy (spec part 2 §2.4). DEMO CONTENT in American
 * English. The facilitator is in content/family-facilitator.ts.
 */

export const familyConstellation = {
  eyebrow: "Workshop",
  title: "Family Constellation",
  lead: "A small-group, in-person session for seeing the patterns your family has handed down, and finding a kinder place within them.",
  about: [
    "Family Constellation is an experiential group method. One participant brings a question about their family or their life; other participants stand in, as representatives, for the people involved. How the representatives are placed, and what they notice, often shows a pattern that words alone had not reached: a loyalty, an exclusion, a loss not yet grieved.",
    "You may bring your own question or take part as a representative, which many people find just as meaningful. Sessions are calm and confidential, led at a pace that respects everyone in the room. Family Constellation is a reflective practice, not a substitute for medical or psychological treatment.",
  ],
  tableTitle: "Programs Details",
  footnote: "* Seats are allocated on a first come first serve basis",
  empty: { title: "No upcoming events", text: "Check back later for upcoming family constellation sessions." },
  error: { title: "Error loading events", retry: "Try again" },
} as const;
