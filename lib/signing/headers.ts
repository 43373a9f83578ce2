/** Reads a header by name from live request headers or from stored name/value pairs alike. */
export type HeaderLookup = (name: string) => string | null;

/**
 * Stored pairs may repeat a name (each line as it arrived, in the sender's case): a lookup matches names
 * case-insensitively and joins every value with ", " as RFC 9110 §5.3 and WHATWG `Headers.get` do, so the
 * diagnosis of a stored delivery reads the same value the receiver verified from the live request.
 */
export function lookupHeaders(
  headers: Headers | readonly (readonly [string, string])[],
): HeaderLookup {
  if (headers instanceof Headers) return (name) => headers.get(name);
  return (name) => {
    const wanted = name.toLowerCase();
    const values = headers
      .filter(([key]) => key.toLowerCase() === wanted)
      .map(([, value]) => value);
    return values.length > 0 ? values.join(", ") : null;
  };
}
