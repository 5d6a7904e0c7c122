import { staffRegistrationHandlers } from "~/features/registrations/staff-registrations-api.server";

/** GET /api/registration/download-csv?search=&startDate=&endDate=: DECODE registrations as CSV (staff). */
const decode = staffRegistrationHandlers("decode");
export const loader = decode.csv;
export const action = decode.getOnly;
