/**
 * Python's `str.splitlines()`: lines end at LF, CR, CR LF, VT, FF, U+001C–001E, U+0085, U+2028 and U+2029, and
 * a final line break ends the last line rather than starting an empty one. What a reader of an export in
 * Python (and many editors) sees as its lines.
 */
export function pythonSplitlines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
