/** Sessions per page of the calendar (its own module: the page needs the number, not the query's validation). */
export const CALENDAR_DEFAULT_LIMIT = 50;
export const CALENDAR_MAX_LIMIT = 100;
