import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signInPath } from "./callback-url";
import { getCurrentMember, type Member } from "./guard";
import { classifyPath, NONCE_HEADER, REQUEST_PATH_HEADER } from "./paths";

/**
 * The root layout's check, behind proxy.ts: every page render without a current member (no session, a
 * removed member, a session ended by a password change) goes to sign-in, except the public pages. The path
 * comes from proxy.ts, which overwrites the header on every request; without it the check fails closed.
 */
export async function layoutSession(): Promise<{ member: Member | null; nonce?: string }> {
  const requestHeaders = await headers();
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;
  const member = await getCurrentMember();
  if (member) return { member, nonce };
  const here = requestHeaders.get(REQUEST_PATH_HEADER);
  const pathname = here?.split("?")[0];
  if (!pathname || classifyPath(pathname) !== "public-page")
    redirect(signInPath(here ?? undefined));
  return { member: null, nonce };
}
