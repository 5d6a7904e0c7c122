import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactCreatedResponse,
  errorResponse,
  eventListResponse,
  eventOneResponse,
  programmeListResponse,
  prerequisiteCheckResponse,
  programmeOneResponse,
  registrationCreatedResponse,
} from "~/features/api/openapi.server";
import { dialects } from "../helpers/databases";
import { startSite, type RunningSite } from "../helpers/site";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> } }>>;
};

const adultDob = `${new Date().getUTCFullYear() - 40}-01-20`;

describe.each(dialects)("OpenAPI document on %s", (dialect) => {
  let s: RunningSite;
  let doc: Doc;
  beforeAll(async () => {
    s = await startSite(dialect, { FORM_RATE_LIMIT: "100000" });
    const res = await fetch(`${s.url}/api/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    doc = await res.json();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("is OpenAPI 3.1 and lists every public call", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/api/contact",
        "/api/decode/user",
        "/api/decode/user/{id}",
        "/api/familyConsitalation/register",
        "/api/familyConstellation/register",
        "/api/familyEvent/user",
        "/api/familyEvent/user/{id}",
        "/api/familyEvent",
        "/api/familyEvent/{id}",
        "/api/events/open",
        "/api/events/open/date-range",
        "/api/events/open/type/{type}",
        "/api/events/open/upcoming",
        "/api/events/open/{id}",
        "/api/hypnotherapy/user",
        "/api/hypnotherapy/user/{id}",
        "/api/hypnotherapy",
        "/api/hypnotherapy/{id}",
        "/api/decode",
        "/api/decode/{id}",
        "/api/tasso",
        "/api/tasso/{id}",
        "/api/ich/ich-registration",
        "/api/registration",
        "/api/registration/download-csv",
        "/api/registration/{id}",
        "/api/ich",
        "/api/ich/download-csv",
        "/api/ich/{id}",
        "/api/prerequisite-check",
        "/api/admin/registrations/{id}/photos/{photo}",
        "/api/admin/login",
        "/api/admin/logout",
        "/api/admin/audit",
        "/api/admin/settings",
        "/api/contacts",
        "/api/contacts/download-csv",
        "/api/contacts/{id}",
        "/api/family-consultation",
        "/api/family-consultation/download-csv",
        "/api/family-consultation/{id}",
      ].sort(),
    );
  });

  it("describes request bodies from the handlers' own schemas (wire spellings, required fields)", () => {
    const reg = doc.paths["/api/registration"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(reg.properties)).toEqual(expect.arrayContaining(["permanenetAddress", "TelNo", "termsandcondition", "upcomingEventId"]));
    expect(reg.required).toEqual(expect.arrayContaining(["firstName", "email", "mobileNo", "termsandcondition"]));
    const ich = doc.paths["/api/ich/ich-registration"]!.post!.requestBody!.content["multipart/form-data"]!.schema;
    expect(Object.keys(ich.properties)).toEqual(expect.arrayContaining(["profileImage", "idPhotofront", "idphotoback"]));
    const contact = doc.paths["/api/contact"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(contact.required).toEqual(expect.arrayContaining(["firstName", "acceptPrivacyPolicy"]));
    // What the server takes without: flags with a default, and an update's time zone (kept as stored).
    for (const flag of ["isSameAddress", "communicationPreferences", "completedElsewhere"]) expect(reg.required).not.toContain(flag);
    expect(reg.properties.waitingList).toMatchObject({ type: "boolean" });
    // The ICH call takes JSON too (photos only come as multipart).
    expect(doc.paths["/api/ich/ich-registration"]!.post!.requestBody!.content["application/json"]).toBeDefined();
    const booking = doc.paths["/api/familyConsitalation/register"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(booking.required).not.toContain("communicationPreferences");
    expect(booking.properties.waitingList).toMatchObject({ type: "boolean" });
    const event = doc.paths["/api/familyEvent"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(event.required).not.toContain("timeZone");
    const types = (name: string) => (event.properties[name] as { anyOf: Array<{ type: string }> }).anyOf.map((a) => a.type);
    expect(types("capacity")).toEqual(["string", "integer"]);
    expect(types("price")).toEqual(["string", "number"]);
    const { parameters } = doc.paths["/api/familyEvent/user"]!.get as unknown as { parameters: Array<{ name: string; schema: { default?: number } }> };
    expect(parameters.find((p) => p.name === "limit")?.schema.default).toBe(50);
  });

  it("matches real answers of the read calls", async () => {
    const get = async (p: string) => (await fetch(`${s.url}${p}`)).json();
    programmeListResponse.parse(await get("/api/decode/user?limit=50"));
    programmeListResponse.parse(await get("/api/hypnotherapy/user"));
    const one = programmeOneResponse.parse(await get("/api/decode/user/decode-2"));
    expect(one.data.upcomingEvents.length).toBeGreaterThan(0);
    programmeOneResponse.parse(await get("/api/hypnotherapy/user/ich-1"));
    errorResponse.parse(await get("/api/decode/user/nope"));
    errorResponse.parse(await get("/api/decode/user?page=0"));
    const events = eventListResponse.parse(await get("/api/events/open"));
    expect(events.data.length).toBeGreaterThan(0);
    eventListResponse.parse(await get("/api/events/open/type/hyp?limit=5"));
    eventListResponse.parse(await get("/api/events/open/upcoming"));
    const today = new Date().toISOString().slice(0, 10);
    eventListResponse.parse(await get(`/api/events/open/date-range?startDate=${today}&endDate=${today.slice(0, 4)}-12-31`));
    eventOneResponse.parse(await get(`/api/events/open/${events.data[0]!._id}`));
    errorResponse.parse(await get("/api/events/open/nope"));
    errorResponse.parse(await get("/api/events/open/type/yoga"));
    errorResponse.parse(await get("/api/events/open/date-range"));
  });

  it("describes the calendar's query parameters: limit 50 by default, the type's values, both days of a range required", () => {
    type Param = { name: string; in: string; required: boolean; schema: { default?: unknown; enum?: string[] } };
    const params = (p: string) => (doc.paths[p]!.get as unknown as { parameters: Param[] }).parameters;
    const limit = params("/api/events/open").find((p) => p.name === "limit")!;
    expect(limit).toMatchObject({ in: "query", required: false, schema: { default: 50 } });
    expect(params("/api/events/open").map((p) => p.name).sort()).toEqual(["limit", "page", "search"]);
    const type = params("/api/events/open/type/{type}").find((p) => p.name === "type")!;
    expect(type).toMatchObject({ in: "path", required: true });
    expect(type.schema.enum).toEqual(expect.arrayContaining(["decode", "hyp", "fc", "tasso"]));
    const range = params("/api/events/open/date-range");
    expect(range.filter((p) => p.required).map((p) => p.name).sort()).toEqual(["endDate", "startDate"]);
    expect(Object.keys(doc.paths["/api/events/open/{id}"]!.get!.responses).sort()).toEqual(["200", "404"]);
  });

  it("matches real answers of the write calls", async () => {
    const post = async (p: string, body: unknown) =>
      (await fetch(`${s.url}${p}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
    contactCreatedResponse.parse(
      await post("/api/contact", {
        firstName: "Ann", lastName: "Lee", email: "api@example.com", phoneNumber: "+1 555 123 4567",
        country: "US", zipCode: "10001", acceptPrivacyPolicy: true,
      }),
    );
    errorResponse.parse(await post("/api/contact", {}));
    // Level 4 requires level 3, which this address has not attended: held for approval with a note (decision 0031).
    const registration = {
      firstName: "Ann", lastName: "Lee", email: "api@example.com", mobileNo: "5551234567", dob: adultDob,
      occupation: "Nurse", city: "x", termsandcondition: true, levelName: "Level 4", upcomingEventId: "s-decode-4-a",
      completedElsewhere: true, prerequisiteNote: "Level 3 in Boston, 2024",
    };
    const check = prerequisiteCheckResponse.parse(await post("/api/prerequisite-check", { upcomingEventId: "s-decode-4-a", email: "api@example.com" }));
    expect(check.met).toBe(false);
    prerequisiteCheckResponse.parse(await post("/api/prerequisite-check", { upcomingEventId: "s-decode-1-a", email: "api@example.com" }));
    errorResponse.parse(await post("/api/prerequisite-check", { upcomingEventId: "s-decode-4-a", email: "not an address" }));
    expect(registrationCreatedResponse.parse(await post("/api/registration", registration)).awaitingApproval).toBe(true);
    registrationCreatedResponse.parse(await post("/api/registration", { ...registration, upcomingEventId: "s-decode-1-a", completedElsewhere: false }));
    errorResponse.parse(await post("/api/registration", registration)); // 409 duplicate
    const invalid = errorResponse.parse(await post("/api/registration", { ...registration, firstName: "" }));
    expect(invalid.errors).toEqual({ firstName: "First name is required" });
  });
});
