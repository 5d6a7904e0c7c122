import { decodeProgrammes } from "../content/seed/decode-programmes.ts";
import type { Database } from "./db.server.ts";

const SEEDED_KEY = "demo_content_seeded_at";

/**
 * At start-up: seeds the demo content once, on the first start of a new database.
 * Later starts leave it alone, so a demo programme an administrator deleted stays deleted.
 */
export async function seedOnFirstStart(db: Database): Promise<{ inserted: number }> {
  const done = await db.selectFrom("app_meta").select("value").where("key", "=", SEEDED_KEY).executeTakeFirst();
  if (done) return { inserted: 0 };
  const result = await seedDemoContent(db);
  await db
    .insertInto("app_meta")
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return result;
}

/**
 * Demo content for a fresh site (`npm run db:seed` runs this directly). Idempotent: every row has a fixed id and is
 * inserted only when absent, so running it again changes nothing (and never
 * overwrites what an administrator has edited).
 */
export async function seedDemoContent(db: Database): Promise<{ inserted: number }> {
  let inserted = 0;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const existing = new Set(
      (await trx.selectFrom("programmes").select("id").where("id", "in", decodeProgrammes.map((p) => p.id)).execute()).map((r) => r.id),
    );
    for (const p of decodeProgrammes) {
      if (existing.has(p.id)) continue;
      await trx
        .insertInto("programmes")
        .values({
          id: p.id,
          kind: "decode",
          level: p.level,
          title: p.title,
          subtitle: p.subtitle,
          subtitle1: p.subtitle1 ?? null,
          card_points: JSON.stringify(p.cardPoints),
          learning_sections: JSON.stringify(p.learningSections),
          enrollment_features: JSON.stringify(p.enrollmentFeatures),
          duration: p.duration,
          button_text: p.buttonText,
          video_url: null,
          thumbnail: null,
          certification: p.certification,
          price_cents: p.priceCents,
          currency: "USD",
          status: "Open",
          sort_order: p.level,
          created_at: now,
          updated_at: now,
        })
        .execute();
      inserted += 1;
    }
  });
  return { inserted };
}
