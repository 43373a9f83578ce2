/** The pages `npm run bench -- lighthouse` audits (every page a member opens), shared with their budgets. */
export interface AuditedPage {
  path: string;
  signedIn: boolean;
  categories: string[];
}

export const MEMBER = ["performance", "best-practices"];
export const PAGES: AuditedPage[] = [
  "/projects",
  "/webhooks",
  "/webhooks/events",
  "/webhooks/retries",
  "/webhooks/check",
  "/alerts",
  "/alerts/rules",
  "/alerts/channels",
  "/settings/account",
  "/settings/connection",
  "/settings/members",
  "/settings/tokens",
  "/docs/api",
  // The reference's heaviest group page (the most HTML: its answers nest deepest).
  "/docs/api/connection",
].map((p) => ({ path: p, signedIn: true, categories: MEMBER }));
PAGES.push({ path: "/sign-in", signedIn: false, categories: [...MEMBER, "seo"] });

/** The figure id's middle part: `/webhooks/events` → `webhooks-events`. */
export function pageSlug(pagePath: string): string {
  return pagePath.slice(1).replaceAll("/", "-");
}
