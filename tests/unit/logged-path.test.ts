import { describe, expect, it } from "vitest";
import { loggedPath } from "../../server/logged-path";

describe("the path the request log writes", () => {
  const token = "88HAGGPsQw3vJxZl0cR1uT5yB7nM2kD4fH6jL8pS9aE";
  it.each([
    [`/my-registration/${token}`, "/my-registration/[token]"],
    [`/my-registration/${token}.data`, "/my-registration/[token].data"],
    [`/my-registration/${token}/calendar.ics`, "/my-registration/[token]/calendar.ics"],
    [`/my-booking/${token}`, "/my-booking/[token]"],
    [`/my-booking/${token}.data`, "/my-booking/[token].data"],
    [`/my-booking/${token}/calendar.ics`, "/my-booking/[token]/calendar.ics"],
    [`/My-Booking/${token}`, "/My-Booking/[token]"],
    [`/x/../my-booking/${token}`, "/my-booking/[token]"],
    [`/waiting-list/${token}`, "/waiting-list/[token]"],
    [`/waiting-list/${token}.data`, "/waiting-list/[token].data"],
    // The router matches paths in any case, so the log must too.
    [`/MY-REGISTRATION/${token}`, "/MY-REGISTRATION/[token]"],
    [`/My-registration/${token}/calendar.ics`, "/My-registration/[token]/calendar.ics"],
    [`/Waiting-List/${token}`, "/Waiting-List/[token]"],
    // Decoded, as the router reads it.
    [`/my%2Dregistration/${token}`, "/my-registration/[token]"],
    [`/waiting%2dlist/${token}.data`, "/waiting-list/[token].data"],
    // With dot segments or repeated slashes, which the router resolves before matching.
    [`/./my-registration/${token}`, "/my-registration/[token]"],
    [`/x/../my-registration/${token}`, "/my-registration/[token]"],
    [`/%2e/my-registration/${token}`, "/my-registration/[token]"],
    [`/waiting-list/../my-registration/${token}`, "/my-registration/[token]"],
    [`/my-registration/./${token}`, "/my-registration/[token]"],
    [`//my-registration/${token}`, "/my-registration/[token]"],
    // Anywhere in a path that is no page at all: whatever follows is left out.
    [`/x/my-registration/${token}`, "/x/my-registration/[token]"],
    [`/x/my-registration/./${token}`, "/x/my-registration/[token]"],
    [`/x/my-registration/%2e%2e/${token}`, "/x/my-registration/[token]"],
    [`/my-registration/..%2f${token}`, "/my-registration/[token]"],
  ])("leaves the secret out of %s", (path, logged) => {
    expect(loggedPath(path)).toBe(logged);
    expect(loggedPath(path)).not.toContain(token);
  });

  it.each(["/", "/decode", "/schedule", "/my-registration", "/api/registration", "/admin/registrations"])("keeps %s as it is", (path) => {
    expect(loggedPath(path)).toBe(path);
  });
});
