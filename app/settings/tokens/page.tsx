import { BookOpenIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AccessTokens } from "@/components/settings/access-tokens";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { listAccessTokens } from "@/lib/auth/access-tokens";
import { requirePageMember } from "@/lib/auth/guard";
import { membersDb } from "@/lib/auth/members-db";
import { RATE_LIMITS } from "@/lib/rate-limit/policies";

export const metadata: Metadata = { title: "Access tokens" };

export default async function AccessTokensPage() {
  const member = await requirePageMember("/settings/tokens");
  const tokens = await listAccessTokens(await membersDb(), member);
  const isAdmin = member.role === "admin";
  return (
    <>
      <PageHeader
        title="Access tokens"
        description="Let a machine use the console as you: the project-console command-line tool (listen, trigger) or a script calling the console API."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/docs/api">
              <BookOpenIcon aria-hidden="true" />
              API reference
            </Link>
          </Button>
        }
      />
      <AccessTokens
        isAdmin={isAdmin}
        currentMemberId={member.id}
        perMinute={RATE_LIMITS.token.limit}
        tokens={tokens.map((t) => ({
          id: t.id,
          name: t.name,
          prefix: t.prefix,
          status: t.status,
          createdAt: t.createdAt.toISOString(),
          expiresAt: t.expiresAt.toISOString(),
          lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
          scopes: t.scopes,
          owner: { id: t.owner.id, email: t.owner.email },
        }))}
      />
    </>
  );
}
