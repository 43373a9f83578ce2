import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiGroup, ReferenceLayout } from "@/components/docs/api-reference";
import { Inline } from "@/components/docs/inline";
import { PageHeader } from "@/components/ui/page-header";
import { consoleApiReference } from "@/lib/api/openapi/reference";
import { requirePageMember } from "@/lib/auth/guard";

type Params = { params: Promise<{ group: string }> };

function findGroup(slug: string) {
  return consoleApiReference().groups.find((group) => group.slug === slug);
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const group = findGroup((await params).group);
  return { title: group ? `${group.name} · API reference` : "API reference" };
}

/** One group of the API reference (a tag of the document): its routes in full. */
export default async function ApiGroupPage({ params }: Params) {
  const { group: slug } = await params;
  await requirePageMember(`/docs/api/${encodeURIComponent(slug)}`);
  const group = findGroup(slug);
  if (!group) notFound();
  return (
    <>
      <PageHeader title={group.name} description={<Inline text={group.description} />} />
      <ReferenceLayout content={consoleApiReference()} current={group.slug}>
        <ApiGroup group={group} />
      </ReferenceLayout>
    </>
  );
}
