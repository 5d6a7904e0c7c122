import type { Generated, Selectable } from "kysely";

/** Instants are ISO-8601 strings in UTC on both databases (see db.server.ts). */
export interface ContactMessagesTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: string;
  zip_code: string;
  message: string | null;
  accepted_privacy_at: string;
  status: Generated<string>;
  created_at: string;
}

export type ProgrammeKind = "decode" | "hypnotherapy" | "tasso";

export interface ProgrammesTable {
  id: string;
  kind: ProgrammeKind;
  level: number | null;
  title: string;
  subtitle: string;
  subtitle1: string | null;
  /** JSON: string[]; the first item may be rich HTML (sanitised when saved). */
  card_points: Generated<string>;
  /** JSON: Array<{ _id: string; title: string; content: string }> (content is sanitised HTML). */
  learning_sections: Generated<string>;
  /** JSON: string[] */
  enrollment_features: Generated<string>;
  duration: string;
  button_text: string | null;
  video_url: string | null;
  thumbnail: string | null;
  certification: string | null;
  price_cents: number | null;
  currency: Generated<string>;
  status: Generated<"Open" | "Closed">;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface DB {
  app_meta: AppMetaTable;
  contact_messages: ContactMessagesTable;
  programmes: ProgrammesTable;
}

export type ProgrammeRow = Selectable<ProgrammesTable>;

export type ContactMessageRow = Selectable<ContactMessagesTable>;
