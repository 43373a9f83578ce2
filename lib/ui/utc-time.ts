/** "2025-11-21 14:09 UTC": the same on server and browser, whatever their time zones. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
