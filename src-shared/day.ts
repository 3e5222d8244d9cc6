/** Local calendar day `YYYY-MM-DD` of a date, in the machine's time zone (the contract's date form). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
