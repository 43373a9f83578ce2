import type { Metadata } from "next";
import { ApiSchemas, ReferenceLayout } from "@/components/docs/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { consoleApiReference } from "@/lib/api/openapi/reference";
import { requirePageMember } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Schemas · API reference" };

/** The API reference's shared schemas: the objects several routes answer with. */
export default async function ApiSchemasPage() {
  await requirePageMember("/docs/api/schemas");
  const content = consoleApiReference();
  return (
    <>
      <PageHeader title="Schemas" description="The objects several routes answer with." />
      <ReferenceLayout content={content} current="schemas">
        <ApiSchemas content={content} />
      </ReferenceLayout>
    </>
  );
}
