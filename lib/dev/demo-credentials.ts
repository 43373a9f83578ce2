/**
 * The demo member of `npm run demo`. It exists only when DEMO_MODE=true; the sign-in page shows these
 * credentials only then. Not a secret: the demo holds simulated data only.
 */
export const DEMO_MEMBER = {
  email: "demo@example.com",
  password: "demo-console-password",
} as const;
