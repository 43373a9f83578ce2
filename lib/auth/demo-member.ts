/**
 * The demo member: with DEMO_MODE=true (set by `npm run demo`) the app creates it and the sign-in page shows
 * these credentials; otherwise it is removed and cannot sign in. Not a secret: the demo holds simulated data
 * only.
 */
export const DEMO_MEMBER = {
  email: "demo@example.com",
  password: "demo-console-password",
} as const;
