import { handlers } from "@/lib/auth/auth";

// next-auth's own endpoints (sign-in callbacks, sign-out, session, CSRF token). Public by design: see proxy.ts.
export const { GET, POST } = handlers;
