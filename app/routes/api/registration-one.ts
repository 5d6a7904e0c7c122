import { staffRegistrationHandlers } from "~/features/registrations/staff-registrations-api.server";

/** GET or DELETE /api/registration/{id}: one DECODE registration (staff). */
const decode = staffRegistrationHandlers("decode");
export const loader = decode.one;
export const action = decode.one;
