/**
 * "100,000": a whole number with thousands separators, as `Intl.NumberFormat("en")` writes it. Not
 * `toLocaleString("en")`, which makes a new NumberFormat on every call: 20-30 ms of locale data the first time
 * in Chromium (a long task of its own on Lighthouse's phone), and work on every render after.
 */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
