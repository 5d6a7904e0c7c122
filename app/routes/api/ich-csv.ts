import { staffRegistrationHandlers } from "~/features/registrations/staff-registrations-api.server";

/** GET /api/ich/download-csv?search=&startDate=&endDate=: ICH registrations as CSV (staff). */
const ich = staffRegistrationHandlers("ich");
export const loader = ich.csv;
export const action = ich.getOnly;
