import type { ReactNode } from "react";
import { UrlState } from "@/components/layout/url-state";

export default function Layout({ children }: { children: ReactNode }) {
  return <UrlState>{children}</UrlState>;
}
