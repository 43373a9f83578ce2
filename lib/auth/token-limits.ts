/**
 * The choices of a new access token, checked by the API (lib/auth/access-token-schemas.ts) and offered by the
 * Settings → Access tokens form; apart from the schemas, so the page does not fetch zod for them.
 */
export const TOKEN_NAME_MAX_LENGTH = 100;
export const TOKEN_EXPIRY_DAYS = [7, 30, 90] as const;
