/**
 * The password limits the server actions check (lib/auth/schemas.ts) and the forms repeat for their HTML
 * validation; apart from the schemas, so a settings page does not fetch zod for two numbers.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase; bounded so nobody makes us hash megabytes. */
export const PASSWORD_MAX_LENGTH = 256;
