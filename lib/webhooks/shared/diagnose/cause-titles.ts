import type { DiagnosisCause } from "@/lib/webhooks/server/diagnose/diagnose-signature";

/** A short title per diagnosis, above its sentence on the Signature tab (browser-safe: no crypto here). */
export const CAUSE_TITLES: Record<DiagnosisCause, string> = {
  verified: "Verified",
  previous_secret: "Signed with the previous secret",
  stale_timestamp: "Verified, with an old timestamp",
  no_secret: "No secret to verify with",
  missing_signature: "Not signed",
  other_provider: "Signed another provider's way",
  signature_in_other_header: "Signature under another header",
  secret_changed: "Matches the secret set since",
  secret_encoding: "The secret was used in another form",
  timestamp_missing: "Signed with a timestamp that was not sent",
  body_changed: "The body changed after signing",
  several_signatures: "Several signatures, none matching",
  wrong_algorithm: "Signed with another hash algorithm",
  malformed_signature: "Not an HMAC-SHA256",
  wrong_secret: "Signed with another secret",
};
