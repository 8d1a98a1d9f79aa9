/** The company's time zone offset: Nepal keeps no daylight saving time. Plain values: admin scripts read them. */
const KATHMANDU_OFFSET = "+05:45";

/** The moment a wall-clock time in Kathmandu ("YYYY-MM-DDTHH:mm", as a datetime-local box gives it) names. */
export const kathmanduInstant = (local: string) => new Date(`${local}:00${KATHMANDU_OFFSET}`);
