/**
 * A session's cookie lasts 7 days and a page load renews it; the session itself lasts until it is ended
 * (lib/auth/sessions.ts) or goes 7 days without a page load. A module of its own: the proxy's next-auth
 * config and the database side both need it, and neither may pull in the other.
 */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
