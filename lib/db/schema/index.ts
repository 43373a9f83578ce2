/**
 * The whole database schema, one file per feature. drizzle-kit reads this file to generate migrations
 * (`npm run db:generate`); the same tables serve PGlite and PostgreSQL.
 */
export * from "./upstream";
export * from "./members";
export * from "./webhooks";
export * from "./event-shapes";
export * from "./rate-limit";
export * from "./access-tokens";
export * from "./listen";
export * from "./handler-checks";
export * from "./alerts";
export * from "./delivery-replays";
export * from "./connection";
export * from "./alert-channels";
export * from "./upstream-observed";
export * from "./delivery-shares";
export * from "./answer-sequences";
