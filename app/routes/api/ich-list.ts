import { staffRegistrationHandlers } from "~/features/registrations/staff-registrations-api.server";

/** GET /api/ich?page=&limit=&search=&startDate=&endDate=: ICH registrations, 10 a page, newest first (staff). */
const ich = staffRegistrationHandlers("ich");
export const loader = ich.list;
export const action = ich.getOnly;
