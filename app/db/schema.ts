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

export interface DB {
  contact_messages: ContactMessagesTable;
}

export type ContactMessageRow = Selectable<ContactMessagesTable>;
