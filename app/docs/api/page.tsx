import type { Metadata } from "next";
import Link from "next/link";
import { ApiOverview, ReferenceLayout } from "@/components/docs/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { consoleApiReference } from "@/lib/api/openapi/reference";
import { requirePageMember } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "API reference" };

/** The console API's reference, rendered from the same document as /api/openapi.json (lib/api/openapi). */
export default async function ApiReferencePage() {
  await requirePageMember("/docs/api");
  const content = consoleApiReference();
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            Every route of the console API, with an access token from{" "}
            <Link href="/settings/tokens" className="underline underline-offset-2">
              Settings → Access tokens
            </Link>
            . The document itself:{" "}
            <a href="/api/openapi.json" className="font-mono underline underline-offset-2">
              /api/openapi.json
            </a>
            .
          </>
        }
      />
      <ReferenceLayout content={content} current="">
        <ApiOverview content={content} />
      </ReferenceLayout>
    </>
  );
}
