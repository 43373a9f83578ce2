import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/docs/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { openApiDocument } from "@/lib/api/openapi/document";
import { requirePageMember } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "API reference" };

/** The console API's reference, rendered from the same document as /api/openapi.json (lib/api/openapi). */
export default async function ApiReferencePage() {
  await requirePageMember("/docs/api");
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
      <ApiReference document={JSON.parse(JSON.stringify(openApiDocument()))} />
    </>
  );
}
