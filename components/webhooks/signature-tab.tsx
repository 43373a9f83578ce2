import { Badge } from "@/components/ui/badge";
import { UserText } from "@/components/ui/user-text";
import type { DeliveryDetail, EndpointView } from "@/lib/webhooks/browser/console-client";
import { describeScheme } from "@/lib/signing/schemes";
import { formatDuration } from "@/lib/ui/format";
import { Field, FieldList } from "./field-list";
import { SignatureDiagnosisPanel } from "./signature-diagnosis";

/** A signed timestamp is Unix seconds (X-Webhook-Timestamp) or the envelope's ISO time. */
function signedTime(value: string): number | null {
  if (/^\d{9,11}$/.test(value)) return Number(value) * 1_000;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

export function SignatureTab({
  delivery,
  endpoint,
}: {
  delivery: DeliveryDetail;
  endpoint: EndpointView | undefined;
}) {
  const { scheme, schemeMismatch, signedTimestamp } = delivery.verification;
  const signedAt = signedTimestamp ? signedTime(signedTimestamp) : null;
  const locked = endpoint?.lockedScheme ?? null;
  return (
    <div className="flex flex-col gap-5">
      <SignatureDiagnosisPanel delivery={delivery} />
      <h3 className="-mb-2 text-[13px] font-medium">Verification</h3>
      <FieldList>
        <Field name="Scheme matched">
          {scheme ? (
            <>
              <span>{describeScheme(scheme)}</span>
              <code className="block font-mono text-xs text-muted-foreground">{scheme}</code>
            </>
          ) : (
            <span className="text-muted-foreground">none</span>
          )}
        </Field>
        <Field name="Endpoint's locked scheme">
          {locked ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              {scheme === locked ? (
                <Badge variant="success">this one</Badge>
              ) : schemeMismatch ? (
                <Badge variant="warning">a different one</Badge>
              ) : null}
              <code className="font-mono text-xs">{locked}</code>
            </span>
          ) : (
            <span className="text-muted-foreground">
              none yet: the next verified delivery locks its scheme
            </span>
          )}
        </Field>
        <Field name="Signed timestamp">
          {signedTimestamp ? (
            <>
              <code className="font-mono text-xs">
                <UserText value={signedTimestamp} />
              </code>
              {signedAt !== null ? (
                <span className="block text-muted-foreground">
                  {new Date(signedAt).toISOString()} ·{" "}
                  {formatDuration(Date.parse(delivery.receivedAt) - signedAt)} old when received
                </span>
              ) : null}
            </>
          ) : (
            <span className="text-muted-foreground">not part of the signature</span>
          )}
        </Field>
      </FieldList>
    </div>
  );
}
