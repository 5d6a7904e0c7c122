import { describe, expect, it } from "vitest";
import type { EventRow } from "~/db/schema";
import { bookingMails } from "~/features/bookings/booking-mail.server";
import { registrationMails } from "~/features/registrations/registration-mail.server";

const site = { orgName: "Mindful Path Institute", contactEmail: "hello@mindfulpath.example", publicUrl: "https://site.example" };
const event: EventRow = {
  id: "ev-pay",
  programme_id: null,
  kind: "decode",
  title: "Decode Your Mind",
  starts_at: "2027-05-01T14:00:00.000Z",
  ends_at: "2027-05-01T22:00:00.000Z",
  time_zone: "America/Chicago",
  city: "Chicago",
  venue: "Lakeside Hall",
  time_slot: null,
  capacity: 10,
  price_cents: 15000,
  currency: "USD",
  organiser: null,
  organiser_email: null,
  facilitator: null,
  payment_link: "https://pay.example.org/may",
  external_link: null,
  page_link: null,
  status: "Open",
  no_enrol: 0,
  programme_closed: 0,
  created_at: "2027-01-01T00:00:00.000Z",
  updated_at: "2027-01-01T00:00:00.000Z",
  cancelled_at: null,
  cancelled_by: null,
};

describe("a confirmation with a payment link", () => {
  it("says the seat is held and asks for the payment, without making the seat depend on it (the intro already confirmed it)", () => {
    const [registration] = registrationMails(site, {
      id: "r-1",
      input: { firstName: "Ann", email: "ann@example.com", nameAsCertificate: "Ann Lee", mobileNo: "3125550142", occupation: "Teacher", communicationPreferences: false },
      event,
      programmeTitle: null,
      accessUrl: "https://site.example/my-registration/x",
    });
    const [booking] = bookingMails(site, { id: "b-1", input: { fullName: "Ann Lee", email: "ann@example.com", phone: "3125550142", communicationPreferences: false }, event: { ...event, kind: "family" }, accessUrl: "https://site.example/my-booking/x" });
    for (const mail of [registration!, booking!]) {
      expect(mail.text).toContain("Your seat is held for you; please complete your payment at https://pay.example.org/may before the session.");
      expect(mail.text).not.toContain("to secure your seat");
    }
  });
});
