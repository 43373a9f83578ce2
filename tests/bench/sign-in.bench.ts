/**
 * `npm run bench -- sign-in`: does the time of a failed sign-in tell whether the email is a member? Failed
 * sign-ins for a member (wrong password) and for unknown emails, interleaved, through the real endpoint
 * (`POST /api/auth/callback/credentials`) of a production server of its own (`next start` from the build in
 * NEXT_DIST_DIR, built if missing, free port, fresh embedded database). Every attempt comes from its own
 * client address and the limit is raised, so the lock-out never answers instead of the password check.
 * The ratio of the medians should be close to 1: an unknown email costs one scrypt verification too.
 */
import { ensureBuild, startApp } from "../support/app-server";
import type { Figure } from "./report";

const ROUNDS = 40;
const MEMBER = { email: "bench-admin@example.test", password: "bench-admin-password-1" };

/** One failed sign-in through next-auth's endpoint, as a client would do it (CSRF token first). */
async function failedSignIn(base: string, email: string, address: string): Promise<number> {
  const headers = { "x-forwarded-for": address };
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "not-the-password", csrfToken }),
  });
  const elapsed = performance.now() - started;
  const code = new URL(response.headers.get("location") ?? "", base).searchParams.get("code");
  if (code !== "invalid") throw new Error(`expected a refused sign-in, got code ${code}`);
  return elapsed;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export default async function signInBench(): Promise<Figure[]> {
  ensureBuild();
  const server = await startApp({
    env: {
      ADMIN_EMAIL: MEMBER.email,
      ADMIN_PASSWORD: MEMBER.password,
      SIGN_IN_MAX_ATTEMPTS: "1000",
    },
  });
  const base = server.url;
  try {
    // Warm-up: compiles the route, opens and migrates the database, creates the member.
    for (let i = 0; i < 3; i++) {
      await failedSignIn(base, MEMBER.email, `192.0.2.${i}`);
      await failedSignIn(base, `warm-${i}@example.test`, `192.0.2.${100 + i}`);
    }
    const member: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const address = (n: number) => `198.18.${Math.floor(n / 250)}.${n % 250}`;
      member.push(await failedSignIn(base, MEMBER.email, address(2 * i)));
      unknown.push(await failedSignIn(base, `nobody-${i}@example.test`, address(2 * i + 1)));
    }
    const row = (name: string, values: number[]) =>
      `${name.padEnd(30)} median ${percentile(values, 50).toFixed(0).padStart(5)} ms  p90 ${percentile(values, 90).toFixed(0).padStart(5)} ms`;
    console.log(`${ROUNDS} failed sign-ins each, interleaved:`);
    console.log(row("  member, wrong password", member));
    console.log(row("  unknown email (baseline)", unknown));
    const ratio = percentile(unknown, 50) / percentile(member, 50);
    console.log(
      `  ratio unknown/member (medians): ${ratio.toFixed(2)} (1.00 = no timing hint; goal 0.8 to 1.25)`,
    );
    return [
      {
        id: "sign-in.member",
        label: "Failed sign-in, member with a wrong password (median)",
        value: percentile(member, 50),
        unit: "ms",
      },
      {
        id: "sign-in.unknown-vs-member",
        label: "Failed sign-in, unknown email ÷ member (medians)",
        value: ratio,
        unit: "ratio",
      },
    ];
  } finally {
    await server.stop();
  }
}
