import { describe, expect, it } from "vitest";
import { validateBooking } from "~/features/bookings/schema";
import { validateContact } from "~/features/contact/schema";
import tlds from "tlds" with { type: "json" };
import { beforeAll } from "vitest";
import { hasAddressInName, NAME_HAS_ADDRESS, setDomainEndings } from "~/lib/validation";

describe("a name with a web or email address in it is refused (decision 0072)", () => {
  // As the server sets it at start: every delegated top-level domain.
  beforeAll(() => setDomainEndings(tlds));
  const booking = { fullName: "Rosa Díaz", email: "rosa@example.com", phone: "5125550142", programId: "s-fc-austin", termsAndCondition: true };
  const contact = { firstName: "Ann", lastName: "Lee", email: "ann@example.com", phoneNumber: "+1 555 123 4567", country: "US", zipCode: "10001", message: "Hi", acceptPrivacyPolicy: true };
  it.each(["Ann, sign in at https://evil.example/login", "www.evil.example", "ann@evil.example", "Visit evil.com now", "HTTP://X", "Claim your refund at paypal-help.support/r", "bit.ly", "Ana SHOP.Example.Shop", "claim at refund.bank"])("refuses %j", (name) => {
    const b = validateBooking({ ...booking, fullName: name });
    expect(b.ok ? null : b.errors.fullName).toBe(NAME_HAS_ADDRESS);
    const c = validateContact({ ...contact, firstName: name });
    expect(c.ok ? null : c.errors.firstName).toBe(NAME_HAS_ADDRESS);
  });
  it.each(["Zoë O'Brien-Łukasz", "J. R. R. Tolkien", "Mary-Kate St. Clair", "Dr. Ann Lee Jr.", "J.R. Ewing", "Ann Lee.", "St.John", "Ste.Marie", "Mr.Lee", "Sr.Mary", "R.Krishnan", "M.A.Khan", "Md.Rahman", "Mohd.Ali", "Ma.Cristina dela Cruz", "Y.Tanaka", "J.K.Rowling", "А.Пушкин", "Ο.Παπαδόπουλος", "Ann Lee M.Sc.", "Lee, M.Ed.", "Ravi B.Tech"])("keeps %j", (name) => {
    expect(validateBooking({ ...booking, fullName: name }).ok).toBe(true);
    expect(validateContact({ ...contact, lastName: name }).ok).toBe(true);
  });
});

describe("the browser's copy of the check (the common endings only)", () => {
  it("refuses the most abused endings and keeps initials, honorifics and degrees written without a space", () => {
    setDomainEndings([]);
    expect(hasAddressInName("bit.ly")).toBe(true);
    expect(hasAddressInName("x.com")).toBe(true);
    expect(hasAddressInName("paypal-help.support/r")).toBe(true);
    expect(hasAddressInName("R.Krishnan")).toBe(false);
    expect(hasAddressInName("Ann Lee M.Sc.")).toBe(false);
  });
});
