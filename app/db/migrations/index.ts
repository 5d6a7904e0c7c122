import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-contact-messages.ts";
import * as m0002 from "./0002-programmes.ts";
import * as m0003 from "./0003-enrolment.ts";
import * as m0005 from "./0005-rate-limits.ts";
import * as m0006 from "./0006-family-bookings.ts";
import * as m0007 from "./0007-staff.ts";
import * as m0008 from "./0008-content-version.ts";
import * as m0009 from "./0009-registration-access.ts";
import * as m0011 from "./0011-contact-status.ts";
import * as m0014 from "./0014-session-mail.ts";
import * as m0015 from "./0015-retention.ts";
import * as m0016 from "./0016-waiting-list.ts";
import * as m0017 from "./0017-registration-search.ts";
import * as m0018 from "./0018-level-prerequisites.ts";
import * as m0019 from "./0019-session-cancellation.ts";
import * as m0020 from "./0020-staff-settings.ts";
import * as m0021 from "./0021-content-version-stripes.ts";
import * as m0022 from "./0022-family-booking-email.ts";
import * as m0023 from "./0023-told-session.ts";
import * as m0024 from "./0024-registration-links.ts";
import * as m0025 from "./0025-seat-columns-version.ts";
import * as m0026 from "./0026-audit-without-personal-data.ts";
import * as m0027 from "./0027-fts-secure-delete.ts";
import * as m0028 from "./0028-programme-closed.ts";
import * as m0029 from "./0029-seat-confirmed-at.ts";
import * as m0030 from "./0030-family-booking-links.ts";
import * as m0031 from "./0031-booking-erasure-requests.ts";
import * as m0032 from "./0032-staff-devices.ts";
import * as m0033 from "./0033-outbox-claims.ts";
import * as m0034 from "./0034-thumbnail-variants.ts";
import * as m0035 from "./0035-search-text-folded-per-character.ts";
import * as m0036 from "./0036-staff-list-indexes.ts";

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  "0001-contact-messages": m0001,
  "0002-programmes": m0002,
  "0003-enrolment": m0003,
  "0005-rate-limits": m0005,
  "0006-family-bookings": m0006,
  "0007-staff": m0007,
  "0008-content-version": m0008,
  "0009-registration-access": m0009,
  "0011-contact-status": m0011,
  "0014-session-mail": m0014,
  "0015-retention": m0015,
  "0016-waiting-list": m0016,
  "0017-registration-search": m0017,
  "0018-level-prerequisites": m0018,
  "0019-session-cancellation": m0019,
  "0020-staff-settings": m0020,
  "0021-content-version-stripes": m0021,
  "0022-family-booking-email": m0022,
  "0023-told-session": m0023,
  "0024-registration-links": m0024,
  "0025-seat-columns-version": m0025,
  "0026-audit-without-personal-data": m0026,
  "0027-fts-secure-delete": m0027,
  "0028-programme-closed": m0028,
  "0029-seat-confirmed-at": m0029,
  "0030-family-booking-links": m0030,
  "0031-booking-erasure-requests": m0031,
  "0032-staff-devices": m0032,
  "0033-outbox-claims": m0033,
  "0034-thumbnail-variants": m0034,
  "0035-search-text-folded-per-character": m0035,
  "0036-staff-list-indexes": m0036,
};
