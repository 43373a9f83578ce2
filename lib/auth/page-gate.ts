import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signInPath } from "./callback-url";
import { getCurrentMember, type Member } from "./guard";
import { CHOOSE_PASSWORD_PATH, classifyPath, NONCE_HEADER, REQUEST_PATH_HEADER } from "./paths";

/**
 * The root layout's check, behind proxy.ts: every page render without a current member (no session, a
 * removed member, a session ended by a password change) goes to sign-in, except the public pages. The path
 * comes from proxy.ts, which overwrites the header on every request; without it the check fails closed.
 * A member whose password was set by someone else sees nothing but the page where they choose their own.
 */
export async function layoutSession(): Promise<{ member: Member | null; nonce?: string }> {
  const requestHeaders = await headers();
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;
  const member = await getCurrentMember();
  const here = requestHeaders.get(REQUEST_PATH_HEADER);
  const pathname = here?.split("?")[0];
  if (member) {
    if (member.mustChangePassword && pathname !== CHOOSE_PASSWORD_PATH) {
      redirect(CHOOSE_PASSWORD_PATH);
    }
    return { member, nonce };
  }
  // A framework path (`/_next/image`, off, answers with the not-found page) is no page of ours: its 404
  // stays a 404 rather than becoming a redirect to sign-in.
  const access = pathname ? classifyPath(pathname) : null;
  if (access !== "public-page" && access !== "asset") redirect(signInPath(here ?? undefined));
  return { member: null, nonce };
}
