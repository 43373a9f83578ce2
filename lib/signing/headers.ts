/** Reads a header by name from live request headers or from stored name/value pairs alike. */
export type HeaderLookup = (name: string) => string | null;

export function lookupHeaders(
  headers: Headers | readonly (readonly [string, string])[],
): HeaderLookup {
  if (headers instanceof Headers) return (name) => headers.get(name);
  return (name) => {
    const wanted = name.toLowerCase();
    const pair = headers.find(([key]) => key.toLowerCase() === wanted);
    return pair ? pair[1] : null;
  };
}
