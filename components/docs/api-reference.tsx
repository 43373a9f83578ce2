"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The API reference's renderer (Scalar, about 1 MB of script with its Vue runtime), loaded on /docs/api only
 * and only in the browser: no other page's bundle holds any of it.
 */
const ScalarReference = dynamic(() => import("./scalar-reference").then((m) => m.ScalarReference), {
  ssr: false,
  loading: () => <Skeleton className="h-[60vh] w-full" aria-label="Loading the API reference" />,
});

export function ApiReference({ document }: { document: object }) {
  return <ScalarReference document={document} />;
}
