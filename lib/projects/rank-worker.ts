/**
 * Ranks a column's values off the main thread: at 100,000 distinct values the collator sort takes a few
 * hundred milliseconds, which would stall typing if it ran in the page. Receives `{ column, values }` and
 * answers `{ column, ranks }` (each row's place in the natural order, transferred, not copied).
 */
import { rankRows } from "./rows";

self.onmessage = (event: MessageEvent<{ column: string; values: string[] }>) => {
  const { column, values } = event.data;
  const ranks = rankRows(values);
  self.postMessage({ column, ranks }, { transfer: [ranks.buffer] });
};
