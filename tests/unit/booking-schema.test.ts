import { describe, expect, it } from "vitest";
import { eventJsonLd, zonedIso } from "~/features/bookings/event-jsonld";
import { requestedSessionId } from "~/features/bookings/open-request";
import {
  bookingFailureText,
  bookingSuccessText,
  bookPath,
  failureToast,
  PROCESSING_LABEL,
  seatsLeftText,
  SUCCESS_FALLBACK,
  validateBooking,
} from "~/features/bookings/schema";
import { ApiError } from "~/lib/api-client";

const valid = {
  programId: "s-fc-austin",
  fullName: "Rosa Díaz",
  email: "rosa@example.com",
  phone: "(512) 555-0142",
  termsAndCondition: true,
  communicationPreferences: false,
};

describe("the booking schema (spec part 2 §5)", () => {
  it("accepts a complete booking and keeps the 10 digits of the phone", () => {
    const r = validateBooking(valid);
    expect(r).toEqual({ ok: true, data: { ...valid, phone: "5125550142" } });
  });

  it("gives the spec's message for every required field", () => {
    const r = validateBooking({});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      programId: "Please choose a session",
      fullName: "Full name is required",
      email: "Email is required",
      phone: "Phone number is required",
      termsAndCondition: "You must accept the terms and conditions",
    });
  });

  it.each([
    ["fullName", "   ", "Full name is required"],
    ["email", "", "Email is required"],
    ["email", "rosa@", "Please enter a valid email address"],
    ["email", "rosa example.com", "Please enter a valid email address"],
    ["phone", "", "Phone number is required"],
    ["phone", "555 0142", "Phone number must be 10 digits"],
    ["phone", "+44 20 7946 0958", "Phone number must be 10 digits"],
    ["termsAndCondition", false, "You must accept the terms and conditions"],
    ["termsAndCondition", "false", "You must accept the terms and conditions"],
    ["fullName", "Rosa\u0000", "Invalid full name"],
    ["programId", "../etc", "Please choose a session"],
  ])("%s = %j → %s", (field, value, message) => {
    const r = validateBooking({ ...valid, [field]: value });
    expect(r.ok ? null : r.errors[field as keyof typeof r.errors]).toBe(message);
  });

  it("takes form text for the flags and a repeated +1 before the phone; communication preferences are optional", () => {
    const r = validateBooking({ ...valid, phone: "+1 512.555.0142", termsAndCondition: "on", communicationPreferences: "true" });
    expect(r.ok && r.data).toMatchObject({ phone: "5125550142", termsAndCondition: true, communicationPreferences: true });
    const without = validateBooking({ ...valid, communicationPreferences: undefined });
    expect(without.ok && without.data.communicationPreferences).toBe(false);
  });
});

describe("the booking texts (spec §4, §8)", () => {
  it("reads seats left as '3 of 10 left', 'Full' when none is left", () => {
    expect(seatsLeftText(10, 3)).toBe("3 of 10 left");
    expect(seatsLeftText(10, 10)).toBe("10 of 10 left");
    expect(seatsLeftText(10, 1)).toBe("1 of 10 left");
    expect(seatsLeftText(10, 0)).toBe("Full");
    expect(seatsLeftText(10, -2)).toBe("Full");
    expect(seatsLeftText(null, null)).toBe("Not Limited");
  });

  it("says 'Processing...' while sending, the server's message or 'Registration successful!' on success", () => {
    expect(PROCESSING_LABEL).toBe("Processing...");
    expect(bookingSuccessText({ success: true, message: "Booked!" })).toBe("Booked!");
    expect(bookingSuccessText({ success: true })).toBe(SUCCESS_FALLBACK);
    expect(SUCCESS_FALLBACK).toBe("Registration successful!");
  });

  it("fails with 'Registration failed: {message}': the server's message, else the error's, else the fallback", () => {
    expect(failureToast(bookingFailureText(new ApiError("x", 409, {}, "This session is full")))).toBe("Registration failed: This session is full");
    expect(bookingFailureText(new ApiError("Network error. Please check your connection.", 0, null))).toBe("Network error. Please check your connection.");
    expect(bookingFailureText(new Error("boom"))).toBe("boom");
    expect(bookingFailureText("what")).toBe("Failed to register for session");
    expect(bookingFailureText(new Error(""))).toBe("Failed to register for session");
  });

  it("links a session's no-JavaScript booking page", () => {
    expect(bookPath("s-fc-austin")).toBe("/family-constellation/book/s-fc-austin");
  });
});

describe("which dialog a visit asks for", () => {
  const q = (s: string) => new URLSearchParams(s);
  it("reads ?id=…&modal=true, and the calendar's navigation state", () => {
    expect(requestedSessionId(q("id=s1&modal=true"), null)).toBe("s1");
    expect(requestedSessionId(q("id=s1"), null)).toBeNull();
    expect(requestedSessionId(q(""), { openModal: true, eventId: "s2" })).toBe("s2");
    expect(requestedSessionId(q(""), { selectedEvent: { _id: "s3" } })).toBe("s3");
    expect(requestedSessionId(q(""), { modal: false, id: "s4" })).toBeNull();
    expect(requestedSessionId(q(""), "nonsense")).toBeNull();
  });
});

describe("the Event JSON-LD", () => {
  it("gives the start in the venue's local time with its offset, and availability from live seats", () => {
    expect(zonedIso("2026-12-05T16:00:00.000Z", "America/Denver")).toBe("2026-12-05T09:00:00-07:00");
    expect(zonedIso("2026-07-05T16:00:00.000Z", "America/New_York")).toBe("2026-07-05T12:00:00-04:00");
    const base = { _id: "s1", title: "Family Constellation", startDate: "2026-12-05T20:00:00.000Z", endDate: "2026-12-06T01:00:00.000Z", timeZone: "America/Chicago", city: "Austin", venue: "Eastside Community Hall", facilitator: "Daniel Brooks", price: 150, currency: "USD" };
    const ld = eventJsonLd({ ...base, seatsLeft: 1, availability: "open" }, { url: "https://x.example/family-constellation", orgName: "Org" });
    expect(ld).toMatchObject({
      "@type": "Event",
      startDate: "2026-12-05T14:00:00-06:00",
      endDate: "2026-12-05T19:00:00-06:00",
      location: { name: "Eastside Community Hall", address: { addressLocality: "Austin" } },
      performer: { name: "Daniel Brooks" },
      offers: { price: 150, priceCurrency: "USD", availability: "https://schema.org/LimitedAvailability", url: "https://x.example/family-constellation?id=s1&modal=true" },
    });
    expect(eventJsonLd({ ...base, seatsLeft: 0, availability: "full" }, { url: "u", orgName: "Org" }).offers?.availability).toBe("https://schema.org/SoldOut");
    expect(eventJsonLd({ ...base, seatsLeft: 8, availability: "open" }, { url: "u", orgName: "Org" }).offers?.availability).toBe("https://schema.org/InStock");
  });
});
