/**
 * The signing core: everything about webhook signatures, in one folder used by the receiver
 * (lib/webhooks/server/verify.ts), the signature diagnosis (lib/webhooks/diagnose/), the sender of the simulator
 * and of test sends (lib/webhooks/server/sender.ts), replay (re-signed) and the command-line tool.
 *
 * - key-forms.ts: how a secret becomes key bytes (Svix's prefix + base64, base64, hex, the text); the only file
 *   that knows that prefix.
 * - hmac.ts: the HMAC (SHA-256, and the algorithms a diagnosis names), MAC strings decoded and compared.
 * - timestamps.ts: seconds, milliseconds or ISO 8601 read by one rule; the one tolerance.
 * - schemes.ts: the scheme catalogue (headers, what is signed, encodings, prefixes, key forms).
 * - signatures.ts: sign() and verifySignature() per scheme.
 * - providers.ts: other providers' conventions (Standard Webhooks, GitHub, Stripe, Shopify, Slack).
 * - headers.ts: a header read from live `Headers` or stored pairs alike.
 *
 * This folder imports nothing outside itself but node:crypto (no `@/` path, no server-only, no zod, no
 * environment), so code outside the Next app can import or bundle it without pulling in the server;
 * ESLint holds that (eslint.config.mjs). Browser code imports schemes.ts directly: it alone has no crypto.
 */
export * from "./headers";
export * from "./hmac";
export * from "./key-forms";
export * from "./providers";
export * from "./schemes";
export * from "./signatures";
export * from "./timestamps";
