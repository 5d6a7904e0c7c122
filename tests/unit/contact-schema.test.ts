import { describe, expect, it } from "vitest";
import { countryOptions, validateContact } from "~/features/contact/schema";

const valid = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phoneNumber: "+1 (555) 123-4567",
  country: "US",
  zipCode: "10001",
  message: "",
  acceptPrivacyPolicy: true,
};

function errorsOf(values: unknown) {
  const r = validateContact(values);
  return r.ok ? {} : r.errors;
}
const errorsFor = (patch: Record<string, unknown>) => errorsOf({ ...valid, ...patch });

describe("contact schema (spec part 1 §5.1)", () => {
  it("accepts a complete message and trims text", () => {
    const r = validateContact({ ...valid, firstName: "  Ann  " });
    if (!r.ok) throw new Error(`rejected: ${JSON.stringify(r.errors)}`);
    expect(r.data.firstName).toBe("Ann");
    expect(r.data.message).toBeUndefined();
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "   ", "First name is required"],
    ["firstName", "A", "Must be at least 2 characters"],
    ["lastName", "", "Last name is required"],
    ["lastName", "L", "Must be at least 2 characters"],
    ["email", "", "Email is required"],
    ["email", "ann@", "Invalid email address"],
    ["email", "ann.example.com", "Invalid email address"],
    ["phoneNumber", "", "Phone number is required"],
    ["phoneNumber", "12345", "Invalid phone number"],
    ["phoneNumber", "555-CALL-NOW", "Invalid phone number"],
    ["phoneNumber", "++1 555 123 4567", "Invalid phone number"],
    ["phoneNumber", "(((())))))", "Invalid phone number"],
    ["phoneNumber", "----------", "Invalid phone number"],
    ["phoneNumber", "(555) ---- 12", "Invalid phone number"],
    ["country", "", "Country is required"],
    ["country", "FR", "Please choose a country from the list"],
    ["zipCode", "", "Zip code is required"],
    ["zipCode", "12", "Must be at least 3 characters"],
    ["acceptPrivacyPolicy", false, "You must accept the privacy policy"],
    ["acceptPrivacyPolicy", undefined, "You must accept the privacy policy"],
    ["acceptPrivacyPolicy", "false", "You must accept the privacy policy"],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it("treats a missing or non-text field as required", () => {
    expect(errorsFor({ firstName: undefined })).toEqual({ firstName: "First name is required" });
    expect(errorsFor({ email: 42 })).toEqual({ email: "Email is required" });
  });

  it("accepts the phone forms the rule allows", () => {
    for (const phone of ["5551234567", "+44 20 7946 0958", "(555) 123-4567", "+91-98765-43210"]) {
      expect(errorsFor({ phoneNumber: phone })).toEqual({});
    }
  });

  it("keeps the message optional but bounded", () => {
    expect(errorsFor({ message: undefined })).toEqual({});
    expect(errorsFor({ message: "Hello" })).toEqual({});
    expect(errorsFor({ message: "x".repeat(5001) })).toEqual({ message: "Must be at most 5000 characters" });
  });

  it("bounds every text so nothing oversized is stored", () => {
    expect(errorsFor({ firstName: "x".repeat(101) })).toEqual({ firstName: "Must be at most 100 characters" });
    expect(errorsFor({ zipCode: "1".repeat(13) })).toEqual({ zipCode: "Must be at most 12 characters" });
  });

  it.each([
    ["firstName", "Ann\u0000", "Invalid first name"],
    ["firstName", "A\u0007nn", "Invalid first name"],
    ["lastName", "Le\u001Be", "Invalid last name"],
    ["lastName", "Lee\u0085x", "Invalid last name"],
    ["lastName", "L\nee", "Invalid last name"],
    ["zipCode", "100\u000001", "Invalid zip code"],
    ["zipCode", "10\u007F001", "Invalid zip code"],
    ["email", "ann\u0000@example.com", "Invalid email address"],
    ["phoneNumber", "555 123\u0000 4567", "Invalid phone number"],
    ["message", "Hello\u0000", "Invalid message"],
    ["message", "Hi \uD800 there", "Invalid message"],
    ["country", "US\u0000", "Please choose a country from the list"],
  ])("refuses control characters: %s = %j gives %j", (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it("keeps line breaks and tabs in the message, and emoji (surrogate pairs) anywhere", () => {
    expect(errorsFor({ message: "Line one\r\nLine two\twith a tab" })).toEqual({});
    expect(errorsFor({ firstName: "Ann 🌿", message: "Thanks 🙏" })).toEqual({});
  });

  it("accepts the form encodings of a ticked checkbox", () => {
    for (const v of ["on", "true", true]) expect(errorsFor({ acceptPrivacyPolicy: v })).toEqual({});
  });

  it("offers the five countries in the spec's order", () => {
    expect(countryOptions.map((c) => c.value)).toEqual(["US", "IN", "UK", "CA", "AU"]);
  });

  it("reports one message per field, the first that applies", () => {
    expect(errorsOf({})).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phoneNumber: "Phone number is required",
      country: "Country is required",
      zipCode: "Zip code is required",
      acceptPrivacyPolicy: "You must accept the privacy policy",
    });
  });
});
