import picomatch from "picomatch";

/**
 * Event globs, one rule for the stream's `events=` filter and the command-line tool's
 * `--forward-to 'task.*=URL'` routing: picomatch with `.` as the separator (`task.*` is every task event,
 * `*.created` every creation, `*` every event with no dot, `**` anything). Imports nothing of the app, so the
 * tool bundles it.
 */
export function eventMatcher(globs: string[]): (event: string) => boolean {
  // Event names are dotted, not paths: picomatch's path separator is "/", so `.` is swapped for it.
  const match = picomatch(
    globs.map((glob) => glob.replaceAll(".", "/")),
    { dot: true, nobrace: false },
  );
  return (event) => !event.includes("/") && match(event.replaceAll(".", "/"));
}
