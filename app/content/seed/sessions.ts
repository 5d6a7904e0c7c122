/**
 * Demo sessions, dated relative to the day the seed runs (issue 7): every
 * programme has sessions in US cities across time zones; a few sessions show
 * the special cases (one seat left, full, an external sign-up, no online
 * enrolment) and a few lie in the past, so they must never show as upcoming (D12).
 */
import type { EventKind } from "../../db/schema.ts";

export type SeedSession = {
  id: string;
  programmeId: string | null;
  kind: EventKind;
  title: string;
  /** Days from the seed's day (negative: in the past). */
  inDays: number;
  /** Local wall-clock start and end at the venue, 24-hour "HH:MM". */
  from: string;
  to: string;
  /** Extra days the session lasts (a two-day workshop ends the next day). */
  spanDays?: number;
  city: string;
  venue: string;
  timeZone: string;
  timeSlot: string;
  capacity: number | null;
  priceCents: number | null;
  organiser: string;
  organiserEmail: string;
  facilitator?: string;
  externalLink?: string;
  noEnrol?: boolean;
  /** Demo registrations that hold seats (for the one-seat-left and full sessions, and past sessions' attendance). */
  demoRegistrations?: number;
  /** Of a past session's demo registrations, how many staff marked as attended (decision 0031). */
  demoAttended?: number;
  /** Demo Family Constellation bookings that hold seats. */
  demoBookings?: number;
  paymentLink?: string;
};

const NY = { city: "New York", timeZone: "America/New_York" };
const CHI = { city: "Chicago", timeZone: "America/Chicago" };
const DEN = { city: "Denver", timeZone: "America/Denver" };
const PHX = { city: "Phoenix", timeZone: "America/Phoenix" };
const LA = { city: "Los Angeles", timeZone: "America/Los_Angeles" };
const SEA = { city: "Seattle", timeZone: "America/Los_Angeles" };
const MIA = { city: "Miami", timeZone: "America/New_York" };
const AUS = { city: "Austin", timeZone: "America/Chicago" };

// Staff's programme form requires a payment link on every upcoming session (spec §5), so the seed gives each one.
const org = { organiser: "Mindful Path Institute", organiserEmail: "events@mindfulpath.example", paymentLink: "https://pay.example.org/mindful-path/enroll" };
const fc = {
  programmeId: null,
  kind: "family" as const,
  title: "Family Constellation",
  capacity: 10,
  priceCents: 15000,
  organiser: "Mindful Path Institute",
  organiserEmail: "familyconstellation@mindfulpath.example",
  facilitator: "Daniel Brooks",
  paymentLink: "https://pay.example.org/mindful-path/family-constellation",
};
const afternoon = { from: "13:00", to: "18:00", timeSlot: "Afternoon" };
const day = { from: "09:00", to: "18:00", timeSlot: "Full day" };
const morning = { from: "09:00", to: "13:00", timeSlot: "Morning" };

export const seedSessions: SeedSession[] = [
  // DECODE level 1: one day, $300.
  { id: "s-decode-1-a", programmeId: "decode-1", kind: "decode", title: "Decode Your Mind", inDays: 12, ...day, ...NY, venue: "Hudson Hall, 210 W 55th St", capacity: 24, priceCents: 30000, ...org },
  { id: "s-decode-1-b", programmeId: "decode-1", kind: "decode", title: "Decode Your Mind", inDays: 33, ...day, ...LA, venue: "Silver Lake Studio", capacity: null, priceCents: 30000, ...org },
  { id: "s-decode-1-c", programmeId: "decode-1", kind: "decode", title: "Decode Your Mind", inDays: 54, ...day, ...CHI, venue: "Lakeside Center", capacity: 20, priceCents: 30000, ...org, externalLink: "https://tickets.example.org/decode-your-mind-chicago" },
  { id: "s-decode-1-past", programmeId: "decode-1", kind: "decode", title: "Decode Your Mind", inDays: -20, ...day, ...NY, venue: "Hudson Hall, 210 W 55th St", capacity: 24, priceCents: 30000, ...org, demoRegistrations: 3, demoAttended: 2 },
  // Levels 2 to 4: two days, $600.
  { id: "s-decode-2-a", programmeId: "decode-2", kind: "decode", title: "Decode Your Behavior", inDays: 19, spanDays: 1, ...day, ...CHI, venue: "Lakeside Center", capacity: 3, priceCents: 60000, ...org, demoRegistrations: 2 },
  { id: "s-decode-2-b", programmeId: "decode-2", kind: "decode", title: "Decode Your Behavior", inDays: 47, spanDays: 1, ...day, ...SEA, venue: "Pioneer Square Loft", capacity: 18, priceCents: 60000, ...org },
  { id: "s-decode-3-a", programmeId: "decode-3", kind: "decode", title: "Decode Your Relationships", inDays: 26, spanDays: 1, ...day, ...DEN, venue: "Larimer Room", capacity: 2, priceCents: 60000, ...org, demoRegistrations: 2 },
  { id: "s-decode-3-b", programmeId: "decode-3", kind: "decode", title: "Decode Your Relationships", inDays: 61, spanDays: 1, ...day, ...MIA, venue: "Bayfront Suites", capacity: 20, priceCents: 60000, ...org },
  { id: "s-decode-3-past", programmeId: "decode-3", kind: "decode", title: "Decode Your Relationships", inDays: -45, spanDays: 1, ...day, ...DEN, venue: "Larimer Room", capacity: 20, priceCents: 60000, ...org },
  { id: "s-decode-4-a", programmeId: "decode-4", kind: "decode", title: "Decode Your Blueprint", inDays: 40, spanDays: 1, ...day, ...PHX, venue: "Desert Botanical Pavilion", capacity: 16, priceCents: 60000, ...org },
  { id: "s-decode-4-b", programmeId: "decode-4", kind: "decode", title: "Decode Your Blueprint", inDays: 75, spanDays: 1, ...day, ...NY, venue: "Hudson Hall, 210 W 55th St", capacity: null, priceCents: 60000, ...org },
  // Level 5: a morning masterclass, $35 per person.
  { id: "s-decode-5-a", programmeId: "decode-5", kind: "decode", title: "Decode The Child", inDays: 9, ...morning, ...AUS, venue: "Eastside Community Hall", capacity: 40, priceCents: 3500, ...org },
  { id: "s-decode-5-b", programmeId: "decode-5", kind: "decode", title: "Decode The Child", inDays: 30, ...morning, ...LA, venue: "Silver Lake Studio", capacity: 40, priceCents: 3500, ...org },
  { id: "s-decode-5-open-day", programmeId: "decode-5", kind: "decode", title: "Decode The Child: open evening", inDays: 16, from: "18:00", to: "20:00", timeSlot: "Evening", ...NY, venue: "Hudson Hall, 210 W 55th St", capacity: null, priceCents: null, ...org, noEnrol: true },

  // Integrated Clinical Hypnotherapy.
  { id: "s-ich-1-a", programmeId: "ich-1", kind: "hypnotherapy", title: "ICH Level I: Foundations", inDays: 21, spanDays: 1, ...day, ...NY, venue: "Hudson Hall, 210 W 55th St", capacity: 14, priceCents: 60000, ...org, facilitator: "Dr. Priya Raman-Cole" },
  { id: "s-ich-1-b", programmeId: "ich-1", kind: "hypnotherapy", title: "ICH Level I: Foundations", inDays: 58, spanDays: 1, ...day, ...LA, venue: "Silver Lake Studio", capacity: 14, priceCents: 60000, ...org, facilitator: "Dr. Priya Raman-Cole" },
  { id: "s-ich-2-a", programmeId: "ich-2", kind: "hypnotherapy", title: "ICH Level II: Clinical Practice", inDays: 36, spanDays: 4, ...day, ...CHI, venue: "Lakeside Center", capacity: 14, priceCents: 150000, ...org, facilitator: "Dr. Priya Raman-Cole" },
  { id: "s-ich-3-a", programmeId: "ich-3", kind: "hypnotherapy", title: "ICH Level III: Regression Therapy", inDays: 68, spanDays: 4, ...day, ...DEN, venue: "Larimer Room", capacity: 10, priceCents: 150000, ...org, facilitator: "Jonathan Reyes" },
  { id: "s-ich-4-a", programmeId: "ich-4", kind: "hypnotherapy", title: "ICH Level IV: Advanced Methods", inDays: 90, spanDays: 5, ...day, ...SEA, venue: "Pioneer Square Loft", capacity: 12, priceCents: 180000, ...org, facilitator: "Jonathan Reyes" },
  { id: "s-ich-5-a", programmeId: "ich-5", kind: "hypnotherapy", title: "ICH Level V: Supervision and Mastery", inDays: 120, spanDays: 7, ...day, ...MIA, venue: "Bayfront Suites", capacity: 12, priceCents: 240000, ...org, facilitator: "Dr. Priya Raman-Cole" },
  { id: "s-ich-6-a", programmeId: "ich-6", kind: "hypnotherapy", title: "Born Again: Inner Child Healing", inDays: 50, spanDays: 5, ...day, ...PHX, venue: "Desert Botanical Pavilion", capacity: 20, priceCents: 90000, ...org, facilitator: "Jonathan Reyes" },
  { id: "s-ich-1-past", programmeId: "ich-1", kind: "hypnotherapy", title: "ICH Level I: Foundations", inDays: -10, spanDays: 1, ...day, ...NY, venue: "Hudson Hall, 210 W 55th St", capacity: 14, priceCents: 60000, ...org, facilitator: "Dr. Priya Raman-Cole", demoRegistrations: 3, demoAttended: 2 },

  // TASSO: six modules over a week.
  { id: "s-tasso-a", programmeId: "tasso", kind: "tasso", title: "TASSO Program", inDays: 28, spanDays: 5, ...day, ...NY, venue: "Hudson Hall, 210 W 55th St", capacity: 16, priceCents: 150000, ...org },
  { id: "s-tasso-b", programmeId: "tasso", kind: "tasso", title: "TASSO Program", inDays: 96, spanDays: 5, ...day, ...LA, venue: "Silver Lake Studio", capacity: 16, priceCents: 150000, ...org },
  { id: "s-tasso-past", programmeId: "tasso", kind: "tasso", title: "TASSO Program", inDays: -60, spanDays: 5, ...day, ...CHI, venue: "Lakeside Center", capacity: 16, priceCents: 150000, ...org },

  // Family Constellation: afternoon circles of 10 seats, $150 (issue 8): one nearly full, one full, one past.
  { id: "s-fc-austin", ...fc, inDays: 14, ...afternoon, ...AUS, venue: "Eastside Community Hall" },
  { id: "s-fc-denver", ...fc, inDays: 24, ...afternoon, ...DEN, venue: "Larimer Room", demoBookings: 9 },
  { id: "s-fc-seattle", ...fc, inDays: 31, ...afternoon, ...SEA, venue: "Pioneer Square Loft", demoBookings: 10 },
  { id: "s-fc-new-york", ...fc, inDays: 45, ...afternoon, ...NY, venue: "Hudson Hall, 210 W 55th St" },
  { id: "s-fc-phoenix", ...fc, inDays: 66, ...afternoon, ...PHX, venue: "Desert Botanical Pavilion", capacity: 12 },
  { id: "s-fc-austin-past", ...fc, inDays: -15, ...afternoon, ...AUS, venue: "Eastside Community Hall", demoBookings: 6 },
];
