import type { RunningSite } from "./site";

/** 30 years ago today: an adult's date of birth. */
export const adultDob = `${new Date().getUTCFullYear() - 30}-04-12`;

/** A DECODE registration the API accepts, for the seeded session s-decode-1-a. */
export const valid = {
  firstName: "Ann",
  middleName: "Marie",
  lastName: "Lee",
  email: "ann@example.com",
  mobileNo: "(555) 123-4567",
  dob: adultDob,
  occupation: "Teacher",
  currentAddress: "1 Main St, Springfield",
  isSameAddress: true,
  city: "New York | Decode Your Mind | 5th Mar 2025",
  hearAbout: "Google",
  communicationPreferences: true,
  termsandcondition: true,
  levelName: "DECODE Level 1: Decode Your Mind",
  upcomingEventId: "s-decode-1-a",
  programId: "decode-1",
};

/** A DECODE session ten days ahead in Chicago (no programme, no capacity unless patched); returns its id. */
export async function addSession(s: Pick<RunningSite, "db">, patch: Record<string, unknown> = {}) {
  const id = `t-${crypto.randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  const starts = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const ends = new Date(Date.now() + 10 * 86_400_000 + 8 * 3_600_000).toISOString();
  await s.db
    .insertInto("events")
    .values({
      id,
      programme_id: null,
      kind: "decode",
      title: "Test session",
      starts_at: starts,
      ends_at: ends,
      time_zone: "America/Chicago",
      city: "Chicago",
      venue: "Lakeside Center",
      capacity: null,
      price_cents: 30000,
      created_at: now,
      updated_at: now,
      ...patch,
    })
    .execute();
  return id;
}
