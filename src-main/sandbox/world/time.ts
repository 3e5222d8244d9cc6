import { localDay } from '../../../src-shared/day';

export { localDay };

/** `YYYY-MM-DDThh:mm:ss+hh:mm` in local time: the contract wants an explicit offset. */
export function isoWithOffset(date: Date): string {
  const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/** Local midnight of the day of `date`, plus `minutes`. */
export function atLocalMinutes(date: Date, minutes: number): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return addMinutes(start, minutes);
}
