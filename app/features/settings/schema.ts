/**
 * The settings staff may change on /admin/settings (issue 11 point 6,
 * decision 0038). Isomorphic: the bounds, labels, hints and messages here are
 * the ones the configuration checks at start (each setting's environment
 * variable is its default), the form shows and the server re-checks.
 */
export type StaffSettings = {
  /** How long a waiting-list offer holds its freed seat, in hours (decision 0026). */
  offerHours: number;
  /** Reminder mails, in days before a session, largest first; empty: none (decision 0024). */
  reminderDays: number[];
  /** Days after a session ends that ID photos and profile images are kept (decision 0025). */
  photoDays: number;
  /** Years after a session ends that registrations and bookings keep their personal details. */
  registrationYears: number;
  /** Years after a contact message arrives that it keeps the sender's details. */
  contactYears: number;
};

export type SettingName = keyof StaffSettings;

type NumberSetting = { kind: "number"; min: number; max: number; unit: string };
type DaysListSetting = { kind: "days"; min: number; max: number; most: number };

export type SettingDefinition = {
  name: SettingName;
  /** The environment variable that gives the default while staff have not changed it. */
  env: string;
  /** The database key (settings.key). Never changes once released. */
  key: string;
  label: string;
  hint: string;
} & (NumberSetting | DaysListSetting);

/** In the order the form shows them. Bounds are recorded in decision 0038. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  {
    name: "offerHours",
    env: "WAITING_LIST_OFFER_HOURS",
    key: "waiting_list_offer_hours",
    label: "Waiting-list offer holds the seat for (hours)",
    hint: "When a seat frees, the first person waiting gets an offer; if they do not confirm within this many hours, it passes to the next. A whole number from 1 to 168 (one week).",
    kind: "number",
    min: 1,
    max: 168,
    unit: "hour",
  },
  {
    name: "reminderDays",
    env: "REMINDER_DAYS",
    key: "reminder_days",
    label: "Reminder emails (days before the session)",
    hint: "Whole numbers of days from 1 to 60, separated by commas, at most 5 (for example 7, 1). Type none to send no reminders.",
    kind: "days",
    min: 1,
    max: 60,
    most: 5,
  },
  {
    name: "photoDays",
    env: "RETENTION_PHOTO_DAYS",
    key: "retention_photo_days",
    label: "Delete ID photos and profile images after (days)",
    hint: "Counted from the end of the session. A whole number from 1 to 3650 (about ten years). The privacy policy states it.",
    kind: "number",
    min: 1,
    max: 3650,
    unit: "day",
  },
  {
    name: "registrationYears",
    env: "RETENTION_REGISTRATION_YEARS",
    key: "retention_registration_years",
    label: "Anonymize registrations and bookings after (years)",
    hint: "Counted from the end of the session; names, email, phone, addresses and date of birth are removed, counts per session stay. A whole number from 1 to 20. The privacy policy states it.",
    kind: "number",
    min: 1,
    max: 20,
    unit: "year",
  },
  {
    name: "contactYears",
    env: "RETENTION_CONTACT_YEARS",
    key: "retention_contact_years",
    label: "Anonymize contact messages after (years)",
    hint: "Counted from when the message arrived. A whole number from 1 to 20. The privacy policy states it.",
    kind: "number",
    min: 1,
    max: 20,
    unit: "year",
  },
];

export const SETTING_BY_NAME = Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.name, d])) as Record<SettingName, SettingDefinition>;

export type SettingErrors = Partial<Record<SettingName, string>>;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function numberMessage(d: SettingDefinition): string {
  return `Enter a whole number from ${d.min} to ${d.max}.`;
}

function daysMessage(d: SettingDefinition & DaysListSetting): string {
  return `Enter whole numbers of days from ${d.min} to ${d.max}, separated by commas (at most ${d.most}), or none.`;
}

/** One setting's value from what was typed (or sent as JSON): its typed value, or the message to show beside the field. */
export function parseSetting(d: SettingDefinition, raw: unknown): Parsed<number | number[]> {
  if (d.kind === "number") {
    const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : null;
    if (text === null || !/^\d{1,6}$/.test(text)) return { ok: false, message: numberMessage(d) };
    const n = Number(text);
    if (n < d.min || n > d.max) return { ok: false, message: numberMessage(d) };
    return { ok: true, value: n };
  }
  let parts: string[];
  if (Array.isArray(raw)) parts = raw.map((v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "x"));
  else if (typeof raw === "string") {
    const text = raw.trim();
    if (text.toLowerCase() === "none") return { ok: true, value: [] };
    parts = text.split(",").map((p) => p.trim());
  } else return { ok: false, message: daysMessage(d) };
  if (parts.some((p) => !/^\d{1,3}$/.test(p))) return { ok: false, message: daysMessage(d) };
  const days = [...new Set(parts.map(Number))].sort((a, b) => b - a);
  if (days.length > d.most || days.some((n) => n < d.min || n > d.max)) return { ok: false, message: daysMessage(d) };
  return { ok: true, value: days };
}

/**
 * Every setting from a form or JSON body. A field left out keeps its value in
 * `current` (so an API client may send only what it changes); a field sent
 * with a bad value gets its message.
 */
export function parseSettings(input: Record<string, unknown>, current: StaffSettings): { ok: true; values: StaffSettings } | { ok: false; errors: SettingErrors } {
  const values = { ...current, reminderDays: [...current.reminderDays] };
  const errors: SettingErrors = {};
  for (const d of SETTING_DEFINITIONS) {
    if (!(d.name in input) || input[d.name] === undefined) continue;
    const parsed = parseSetting(d, input[d.name]);
    if (parsed.ok) (values as Record<SettingName, number | number[]>)[d.name] = parsed.value;
    else errors[d.name] = parsed.message;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/** A setting's value as the form shows it and the database stores it: '24', '7, 1', 'none'. */
export function settingText(value: number | readonly number[]): string {
  if (typeof value === "number") return String(value);
  return value.length ? value.join(", ") : "none";
}

/** A setting's value as a sentence part: '24 hours', '7 and 1 days before', 'none'. */
export function settingPhrase(d: SettingDefinition, value: number | readonly number[]): string {
  if (typeof value !== "number") return value.length ? `${value.join(", ")} days before` : "none";
  const unit = d.kind === "number" ? d.unit : "day";
  return `${value} ${unit}${value === 1 ? "" : "s"}`;
}
