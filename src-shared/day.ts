/** Local calendar day `YYYY-MM-DD` of a date, in the machine's time zone (the contract's date form). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The desk's calendar day of a contract date-time. Not the date as written: one instant
 * written `19:39+01:00` or `08:39+14:00` (both legal) falls on one day at the clinic.
 */
export function dayOf(dateTime: string): string {
  return localDay(new Date(dateTime));
}
