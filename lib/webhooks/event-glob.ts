/**
 * Event globs, as `listen --events` and `--forward-to 'task.*=URL'` write them: `*` stands for any run of
 * characters (dots included, so `*` alone matches every event and `*.created` every creation), everything
 * else is literal; a comma-separated list matches when any of its globs does. Pure (no imports), so the
 * command-line tool bundles it and the stream filters with the same rule.
 */
export function eventGlobMatcher(globs: string): (event: string) => boolean {
  const patterns = globs
    .split(",")
    .map((glob) => glob.trim())
    .filter(Boolean)
    .map(
      (glob) =>
        new RegExp(
          `^${glob
            .split("*")
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
            .join(".*")}$`,
        ),
    );
  return (event) => patterns.some((pattern) => pattern.test(event));
}
