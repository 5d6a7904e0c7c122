import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";

/**
 * The host every calendar entry's UID ends with (`registration-<id>@<host>`),
 * fixed once for the site's life (decision 0079). It was the host of
 * PUBLIC_URL at each send, so a change of address (adding `www`, a first
 * start without PUBLIC_URL) turned the next update of every entry into a
 * second entry, and its cancellation into one that removes nothing. It is
 * now the host PUBLIC_URL had when this was first read, kept in the database:
 * the UIDs mailed before stay exactly what they were, and no later change of
 * PUBLIC_URL moves them. Every instance reads the same row.
 */
const KEY = "calendar_uid_host";

let host: string | null = null;

/** Reads the stored host, storing PUBLIC_URL's on the first start (two instances starting together agree: the first insert wins). */
export async function loadCalendarUidHost(db: Kysely<DB>, publicUrl: string, opts: { keep?: boolean } = {}): Promise<string> {
  // Kept only from an address the operator gave: the localhost default of a server started without
  // PUBLIC_URL would otherwise end every calendar entry's UID with "@localhost" for the site's life.
  if (opts.keep !== false) {
    await db
      .insertInto("app_meta")
      .values({ key: KEY, value: new URL(publicUrl).hostname })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", KEY).executeTakeFirst();
  host = row?.value ?? new URL(publicUrl).hostname;
  return host;
}

/** `registration-<id>@<host>`: one entry's UID for its whole life. Before the host is read (a unit test), the id alone. */
export function calendarUid(kind: "registration" | "family-booking" | "event", id: string): string {
  return host ? `${kind}-${id}@${host}` : `${kind}-${id}`;
}
