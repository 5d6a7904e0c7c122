import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-contact-messages.ts";

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  "0001-contact-messages": m0001,
};
