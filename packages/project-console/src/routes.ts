import { eventMatcher } from "../../../lib/listen/event-glob";

/**
 * `--forward-to` rules: `'task.*=http://localhost:3000/tasks'` sends the events its glob matches to that URL,
 * a bare URL catches every event; the first rule that matches wins, so a bare URL goes last. Globs follow the
 * stream's own rule (lib/listen/event-glob.ts: `task.*`, `*.created`, `**`; commas list several).
 */

export interface ForwardRule {
  /** The glob as written, or null for a bare URL. */
  glob: string | null;
  url: URL;
  matches: (event: string) => boolean;
}

export class RuleError extends Error {}

export function parseLocalUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RuleError(
      `${what} "${text}" is not a URL: write it as http://localhost:3000/webhooks.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new RuleError(`${what} "${text}" must be an http:// or https:// URL.`);
  }
  return url;
}

export function parseForwardRule(text: string): ForwardRule {
  // A URL starts with its scheme; anything before a "=" that is not a URL's start is a glob.
  if (/^https?:\/\//i.test(text)) {
    return { glob: null, url: parseLocalUrl(text, "--forward-to"), matches: () => true };
  }
  const equals = text.indexOf("=");
  if (equals <= 0) {
    throw new RuleError(
      `--forward-to "${text}" is neither a URL nor GLOB=URL (e.g. 'task.*=http://localhost:3000/tasks').`,
    );
  }
  const glob = text.slice(0, equals).trim();
  return {
    glob,
    url: parseLocalUrl(text.slice(equals + 1).trim(), `--forward-to ${glob}=`),
    matches: eventMatcher(glob.split(",").map((part) => part.trim())),
  };
}

/** The rule for a delivery's event (null when the body had none: only a bare URL or `*` takes it). */
export function routeFor(rules: ForwardRule[], event: string | null): ForwardRule | null {
  return rules.find((rule) => rule.matches(event ?? "")) ?? null;
}

/**
 * The events worth streaming for these rules: when every rule has a glob, only what one of them matches
 * (so the console does not send what would be dropped); with a bare URL, everything.
 */
export function streamedEvents(rules: ForwardRule[]): string | null {
  if (rules.some((rule) => rule.glob === null)) return null;
  return rules.map((rule) => rule.glob).join(",");
}

/**
 * Where one delivery goes: the rule's URL with the delivery's path suffix (what followed the receiver's
 * endpoint path) appended, and its raw query after the rule URL's own, so `/hooks?x=1` + `/github?y=2`
 * becomes `/hooks/github?x=1&y=2`.
 */
export function forwardUrl(target: URL, pathSuffix: string, query: string): URL {
  const url = new URL(target.href);
  if (pathSuffix && pathSuffix !== "/") {
    url.pathname =
      url.pathname.replace(/\/$/, "") + (pathSuffix.startsWith("/") ? "" : "/") + pathSuffix;
  }
  const extra = query.replace(/^\?/, "");
  if (extra) url.search = url.search ? `${url.search}&${extra}` : `?${extra}`;
  return url;
}
