import { Badge } from "@/components/ui/badge";
import { UserText } from "@/components/ui/user-text";
import type { DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import { REDACTED, REDACTED_QUERY_VALUE } from "@/lib/webhooks/shared/request-meta";

/**
 * The request's headers in the order they arrived, or sorted by name where the deployment cannot record that
 * order (Vercel: docs/deploy.md); credentials were replaced before storing.
 */
export function HeadersTab({ delivery }: { delivery: DeliveryDetail }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-muted-foreground">
        {delivery.method} from {delivery.clientAddress ?? "an unknown address"} ·{" "}
        {delivery.headers.length} headers,{" "}
        {delivery.headerOrder === "sorted"
          ? "sorted by name (header order not recorded on this deployment)"
          : "in the order received"}
        . Credentials (cookies, authorization) are redacted before storing.
      </p>
      {delivery.query ? (
        <p className="flex min-w-0 items-baseline gap-2 text-xs">
          <span className="text-muted-foreground">Query</span>
          <code data-testid="request-query" className="min-w-0 font-mono break-all">
            ?
            {delivery.query.split(REDACTED_QUERY_VALUE).map((text, index) => (
              // A credential's value was replaced before storing: shown as the headers' badge is.
              <span key={index}>
                {index > 0 ? <Badge variant="muted">redacted</Badge> : null}
                {/* Empty after a trailing redacted value: UserText would show its "—" placeholder. */}
                {text ? <UserText value={text} /> : null}
              </span>
            ))}
          </code>
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-[13px]">
          <caption className="sr-only">Request headers</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-8 px-3 py-1.5 font-medium">
                #
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Value
              </th>
            </tr>
          </thead>
          <tbody className="font-mono text-xs">
            {delivery.headers.map(([name, value], index) => (
              <tr key={index} className="border-t align-top">
                <td className="px-3 py-1.5 text-muted-foreground tabular-nums">{index + 1}</td>
                <td className="px-3 py-1.5 whitespace-nowrap">
                  <UserText value={name} />
                </td>
                <td className="px-3 py-1.5 break-all">
                  {value === REDACTED ? (
                    <Badge variant="muted">redacted</Badge>
                  ) : (
                    <UserText value={value} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
