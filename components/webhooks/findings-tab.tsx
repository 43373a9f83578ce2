import { CircleAlertIcon } from "lucide-react";
import { UserText } from "@/components/ui/user-text";
import type { DeliveryDetail } from "@/lib/webhooks/browser/console-client";

/** What the analysis found about the body, a sentence each. */
export function FindingsTab({ delivery }: { delivery: DeliveryDetail }) {
  if (delivery.findings.length === 0) {
    return (
      <p className="text-[13px] text-muted-foreground">
        No findings: the body is a well-formed envelope of one of the nine events, sent as JSON.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2 text-[13px]">
      {delivery.findings.map((finding, index) => (
        <li key={index} className="flex items-start gap-2 rounded-md border bg-card p-2.5">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span className="min-w-0">
            <UserText value={`${finding.message}.`} />
            <code className="ml-2 font-mono text-xs text-muted-foreground">{finding.code}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}
