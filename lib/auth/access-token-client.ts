import { call } from "@/lib/webhooks/browser/console-client";
import type { CreateAccessTokenInput } from "./access-token-schemas";
import type { TokenScope } from "./scopes";

/**
 * The browser's side of `/api/tokens` for Settings → Access tokens, through the console's one fetcher
 * (errors keep the route's sentence). Dates arrive as ISO strings.
 */
export interface CreatedTokenAnswer {
  id: string;
  name: string;
  token: string;
  prefix: string;
  createdAt: string;
  expiresAt: string;
  scopes: TokenScope[];
}

export const accessTokenApi = {
  create: (input: CreateAccessTokenInput) =>
    call<CreatedTokenAnswer>("/api/tokens", { method: "POST", body: JSON.stringify(input) }),
  revoke: (id: string) => call<void>(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
