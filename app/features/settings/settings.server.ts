import type { Kysely } from "kysely";
import type { Database } from "~/db/db.server";
import type { DB } from "~/db/schema";
import { writeTransaction } from "~/db/transactions.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { parseSetting, SETTING_DEFINITIONS, settingPhrase, settingText, type SettingName, type StaffSettings } from "./schema";

/**
 * The settings staff change on /admin/settings (decision 0038). Every reader
 * (the session mail jobs, the waiting list, the retention job, the privacy
 * policy) asks the database each time, so every app instance applies the
 * same values the moment they are saved. There is no cache to go stale: the
 * jobs read once per pass, and pages that show a setting are cached only by
 * the page cache, which a save ends on every instance (the table moves the
 * content version, decision 0018).
 */

export type SettingsView = {
  values: StaffSettings;
  /** The settings staff have changed (a row exists); the others follow their environment variable. */
  changed: Partial<Record<SettingName, { at: string; by: string | null }>>;
};

/** The settings in force now: each stored value, else its default from the environment. */
export async function currentSettings(db: Kysely<DB>, defaults: StaffSettings): Promise<StaffSettings> {
  return (await settingsView(db, defaults)).values;
}

export async function settingsView(db: Kysely<DB>, defaults: StaffSettings): Promise<SettingsView> {
  const rows = await db.selectFrom("settings").selectAll().execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const values = { ...defaults, reminderDays: [...defaults.reminderDays] };
  const changed: SettingsView["changed"] = {};
  for (const d of SETTING_DEFINITIONS) {
    const row = byKey.get(d.key);
    if (!row) continue;
    // A stored value that no longer passes the rule (bounds narrowed later) is ignored, never applied.
    const parsed = parseSetting(d, row.value);
    if (!parsed.ok) continue;
    (values as Record<SettingName, number | number[]>)[d.name] = parsed.value;
    changed[d.name] = { at: row.updated_at, by: row.updated_by };
  }
  return { values, changed };
}

const same = (a: number | readonly number[], b: number | readonly number[]) => settingText(a) === settingText(b);

export type SettingChange = { setting: SettingName; from: string; to: string };

/**
 * Saves what differs from the values in force, in one transaction with its
 * audit entry (old and new value of each change). A value equal to the
 * environment's default removes the row, so the setting follows the
 * environment variable again. Returns the changes (none: nothing written).
 */
export async function saveSettings(
  db: Database,
  defaults: StaffSettings,
  /** Only the settings this save sets: one left out keeps the value stored when the save runs (decision 0109). */
  next: Partial<StaffSettings>,
  actor: AuditActor,
  ip: string | null,
  now = new Date(),
): Promise<SettingChange[]> {
  return writeTransaction(db, async (trx) => {
    const { values: before } = await settingsView(trx, defaults);
    const changes: SettingChange[] = [];
    const summary: string[] = [];
    for (const d of SETTING_DEFINITIONS) {
      if (next[d.name] === undefined) continue;
      const from = before[d.name];
      const to = next[d.name]!;
      if (same(from, to)) continue;
      if (same(to, defaults[d.name])) await trx.deleteFrom("settings").where("key", "=", d.key).execute();
      else {
        await trx
          .insertInto("settings")
          .values({ key: d.key, value: settingText(to).replace(/ /g, ""), updated_at: now.toISOString(), updated_by: actor.email })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value: settingText(to).replace(/ /g, ""), updated_at: now.toISOString(), updated_by: actor.email }))
          .execute();
      }
      changes.push({ setting: d.name, from: settingText(from), to: settingText(to) });
      summary.push(`${d.label}: ${settingPhrase(d, from)} → ${settingPhrase(d, to)}`);
    }
    if (changes.length) {
      await recordAudit(trx, { action: "settings", actor, target: { type: "settings" }, ip, detail: { changes, summary: summary.join("; ") } }, now);
    }
    return changes;
  });
}
