import { staffRegistrationHandlers } from "~/features/registrations/staff-registrations-api.server";

/** GET or DELETE /api/ich/{id}: one ICH registration (staff). */
const ich = staffRegistrationHandlers("ich");
export const loader = ich.one;
export const action = ich.one;
