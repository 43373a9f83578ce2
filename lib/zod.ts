import { config } from "zod";

/**
 * zod, as every module of the app imports it (eslint enforces it). In a browser, zod's fast object parser
 * would first probe whether the page may compile code (`new Function`): the console's Content-Security-Policy
 * forbids it, and although zod catches the refusal, the browser reports it as a CSP violation on every page
 * whose code holds a zod object schema (Lighthouse's best-practices audit "inspector-issues" fails on it).
 * `jitless` skips the probe and that parser; schemas are built when their module is evaluated, so the setting
 * must come first: an import of this module is evaluated before the module importing it. The server keeps
 * the faster parser (it has no CSP).
 */
if (typeof window !== "undefined") config({ jitless: true });

export * from "zod";
