import type { AppServices, RequestInfo } from "~/context.server";
import type { StaffSession } from "~/features/admin-auth/sessions.server";
import { jsonError, readJsonObjectOrRefusal } from "~/lib/http.server";
import { parseSettings, SETTING_DEFINITIONS, type StaffSettings } from "./schema";
import { saveSettings, settingsView } from "./settings.server";

/**
 * GET and PUT /api/admin/settings (decision 0038): the JSON twin of
 * /admin/settings, through the same functions. PUT takes any of the settings
 * (one left out keeps its value); a bad one answers 400 with a message per
 * field and saves nothing.
 */
type Services = Pick<AppServices, "db" | "config">;

async function body(services: Services) {
  const { values, changed } = await settingsView(services.db, services.config.settingDefaults);
  return {
    ...values,
    defaults: services.config.settingDefaults,
    changed: Object.fromEntries(Object.entries(changed).map(([name, c]) => [name, { at: c.at, by: c.by }])),
  };
}

export async function settingsGetApi(services: Services): Promise<Response> {
  return Response.json({ success: true, data: await body(services) });
}

export async function settingsPutApi(request: Request, services: Services, session: StaffSession, info: RequestInfo): Promise<Response> {
  const input = await readJsonObjectOrRefusal(request);
  if (input instanceof Response) return input;
  const known = new Set<string>(SETTING_DEFINITIONS.map((d) => d.name));
  const unknown = Object.keys(input).filter((k) => !known.has(k) && k !== "_id");
  if (unknown.length) {
    // Each name refused in errors too, as every other 400 of the API says what is wrong field by field.
    const errors = Object.fromEntries(unknown.slice(0, 20).map((name) => [name.slice(0, 100), "Not a setting"]));
    return jsonError(400, `Unknown setting: ${unknown.slice(0, 5).join(", ")}. Known: ${[...known].join(", ")}.`, errors);
  }
  const { values: current } = await settingsView(services.db, services.config.settingDefaults);
  const parsed = parseSettings(input, current);
  if (!parsed.ok) return jsonError(400, "Nothing was saved: correct the settings named in errors.", parsed.errors);
  // Only what the request names: the others stay as stored when the save runs, not as read here before it, so a
  // colleague's change made meanwhile to another setting is not undone (decision 0109).
  const next: Partial<StaffSettings> = Object.fromEntries(Object.entries(parsed.values).filter(([name]) => Object.hasOwn(input, name)));
  const changes = await saveSettings(services.db, services.config.settingDefaults, next, { id: session.accountId, email: session.email }, info.ip);
  return Response.json({
    success: true,
    message: changes.length ? "Settings saved" : "Nothing changed",
    changes,
    data: await body(services),
  });
}
