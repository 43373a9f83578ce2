import { Badge } from "@/components/ui/badge";
import type { VerificationResult } from "@/lib/webhooks/shared/constants";

/** The four verification results, worded for a developer, with one tone each. */
export const VERIFICATION_LABELS: Record<VerificationResult, string> = {
  verified: "Verified",
  invalid_signature: "Invalid",
  missing_signature: "Unsigned",
  no_secret: "No secret",
};

const TONE: Record<VerificationResult, "success" | "destructive" | "warning" | "muted"> = {
  verified: "success",
  invalid_signature: "destructive",
  missing_signature: "warning",
  no_secret: "muted",
};

export function VerificationBadge({
  result,
  schemeMismatch = false,
}: {
  result: VerificationResult;
  schemeMismatch?: boolean;
}) {
  return (
    <Badge
      variant={schemeMismatch ? "warning" : TONE[result]}
      data-verification={result}
      title={schemeMismatch ? "Verified, but not with this endpoint's locked scheme" : undefined}
    >
      {VERIFICATION_LABELS[result]}
      {schemeMismatch ? " · other scheme" : ""}
    </Badge>
  );
}
