import { ApiError, apiRequest, failureMessage } from "~/lib/api-client";
import { CALENDAR_DEFAULT_LIMIT } from "./limits";
import type { RoutedEvent } from "./routing";

/** Spec part 2 §8: the event list's failure text when the server gives none. */
export const FETCH_EVENTS_FAILED = "Failed to fetch events";
/** Spec part 2 §2.6: the table's empty text. */
export const NO_EVENTS = "No events found.";

/** The filter by programme, kept in the URL as ?program= (issue 8). */
export const programFilters = [
  { value: "all", label: "All" },
  { value: "decode", label: "DECODE" },
  { value: "hypnotherapy", label: "Hypnotherapy" },
  { value: "family", label: "Family Constellation" },
  { value: "tasso", label: "TASSO" },
] as const;

export type ProgramFilter = (typeof programFilters)[number]["value"];

/** The filter a ?program= value asks for; anything unknown shows all. */
export function programFilterFrom(value: string | null | undefined): ProgramFilter {
  return programFilters.find((f) => f.value === value)?.value ?? "all";
}

/** The page a ?page= value asks for: a whole number from 1, else 1. */
export function pageFrom(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** The calendar's URL for a filter and page (all and page 1 are left out). */
export function calendarSearch(program: ProgramFilter, page = 1): string {
  const params = new URLSearchParams();
  if (program !== "all") params.set("program", program);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The fields of a session the calendar shows. */
export type CalendarSession = RoutedEvent & {
  title: string;
  city: string;
  venue: string | null;
  startDate: string;
  endDate: string;
  timeZone: string;
  price: number | null;
  currency: string;
  organiser: string | null;
  facilitator: string | null;
  capacity: string;
  seats: number | null;
  seatsLeft: number | null;
  programTitle: string | null;
};

export type CalendarPage = { events: CalendarSession[]; totalPages: number; totalEvents: number; currentPage: number };

/** Reads a list answer as data, or a plain array, or events (spec part 2 §7). */
export function eventsFromAnswer(answer: unknown): CalendarSession[] {
  if (Array.isArray(answer)) return answer as CalendarSession[];
  if (answer && typeof answer === "object") {
    const a = answer as { data?: unknown; events?: unknown };
    if (Array.isArray(a.data)) return a.data as CalendarSession[];
    if (Array.isArray(a.events)) return a.events as CalendarSession[];
  }
  return [];
}

/** The list call for a filter and page (GET /api/events/open, or /type/{type}), in the browser. Never rejects. */
export async function fetchCalendar(program: ProgramFilter, page: number): Promise<{ result: CalendarPage | null; error: string | null }> {
  const base = program === "all" ? "/events/open" : `/events/open/type/${program}`;
  try {
    const answer = await apiRequest<Partial<CalendarPage>>("GET", `${base}?page=${page}&limit=${CALENDAR_DEFAULT_LIMIT}`);
    const events = eventsFromAnswer(answer);
    return {
      result: {
        events,
        totalPages: Number(answer?.totalPages) || 1,
        totalEvents: Number.isFinite(Number(answer?.totalEvents)) ? Number(answer?.totalEvents) : events.length,
        currentPage: page,
      },
      error: null,
    };
  } catch (error) {
    return { result: null, error: error instanceof ApiError ? failureMessage(error, FETCH_EVENTS_FAILED) : FETCH_EVENTS_FAILED };
  }
}

/** 'Not Limited', or the capacity ('10 Seats'), as the Total Participants column reads (§9). */
export function participantsText(event: Pick<CalendarSession, "seats" | "capacity">): string {
  return event.seats === null ? "Not Limited" : event.capacity;
}

/** Seats left of a limited session: '3 of 10 left', 'Full'; null when not limited (D7). */
export function seatsLeftText(event: Pick<CalendarSession, "seats" | "seatsLeft">): string | null {
  if (event.seats === null || event.seatsLeft === null) return null;
  return event.seatsLeft <= 0 ? "Full" : `${event.seatsLeft} of ${event.seats} left`;
}
