import type { CheckCase } from "./types";

/**
 * The cases a handler is graded on (issue 33), from the spec's delivery rules (section 6: HMAC-SHA256 in
 * X-Webhook-Signature, 3 attempts, a 10 s timeout, nine events) and from what breaks integrations in practice.
 * Their numbers are the and the CLI's `--only 2,3`; docs/check.md explains each at more length.
 */
export const CHECK_CASES: readonly CheckCase[] = [
  {
    number: 1,
    id: "event",
    title: "The nine events, correctly signed",
    expected: "2xx within 10 s",
    why: "The service counts anything else (or an answer after 10 s) as a failure and sends the delivery again, up to 3 times.",
    fix: "Answer 2xx as soon as the signature is verified and do slow work after answering (a queue, a background job); over 5 s is a warning.",
    required: true,
  },
  {
    number: 2,
    id: "wrong-signature",
    title: "Wrong signature",
    expected: "4xx",
    why: "A handler that accepts a wrong signature lets anyone who knows its URL forge events.",
    fix: "Compute HMAC-SHA256 of the raw body with your secret, compare it with X-Webhook-Signature in constant time, and answer 401 when they differ.",
    required: true,
  },
  {
    number: 3,
    id: "no-signature",
    title: "No signature header",
    expected: "4xx",
    why: "A request with no X-Webhook-Signature did not come from the service; accepting it is accepting forgeries.",
    fix: "Answer 401 when X-Webhook-Signature is missing or empty, before reading the event.",
    required: true,
  },
  {
    number: 4,
    id: "body-changed",
    title: "Body changed by one byte",
    expected: "4xx",
    why: "The signature is what proves the body was not altered on the way; a handler that checks only that a signature is present proves nothing.",
    fix: "Verify the signature against the exact body you received, every byte of it, not against a stored or expected value.",
    required: true,
  },
  {
    number: 5,
    id: "re-serialised",
    title: "Re-serialised JSON, original signature",
    expected: "4xx",
    why: "A handler that verifies a re-encoded object accepts bytes that were never signed, and refuses real deliveries whose encoding differs from its own.",
    fix: "Verify the raw request body before parsing it (e.g. express.raw() or request.text()), never JSON.stringify(parsed).",
    required: true,
  },
  {
    number: 6,
    id: "retry",
    title: "The same delivery sent again",
    expected: "2xx",
    why: "The service sends a delivery again when an attempt fails or times out, so a handler sees duplicates and must acknowledge them.",
    fix: "Recognise a delivery you already processed (e.g. by a hash of its body) and answer 2xx without doing the work twice.",
    required: true,
  },
  {
    number: 7,
    id: "unknown-event",
    title: "Unknown event name",
    expected: "not 5xx (2xx recommended)",
    why: "A 5xx makes the service send the event 3 times, and the service may add events your handler has not heard of yet.",
    fix: "Answer 2xx (or at worst 4xx) to an event you do not handle, after verifying its signature; never throw on it.",
    required: true,
  },
  {
    number: 8,
    id: "malformed-json",
    title: "Malformed JSON, valid signature",
    expected: "4xx",
    why: "A 5xx on a body that will never parse makes the service retry something that cannot succeed; a 2xx hides a real problem.",
    fix: "Catch the JSON parse error and answer 400.",
    required: true,
  },
  {
    number: 9,
    id: "large-body",
    title: "Large body (1 MiB)",
    expected: "not 5xx, within 10 s",
    why: "Events can carry long text; a handler that crashes or stalls on a large body loses them after 3 attempts.",
    fix: "Raise your body parser's size limit (or answer 413 on purpose) and make sure a large body neither crashes nor stalls the handler.",
    required: true,
  },
  {
    number: 10,
    id: "header-case",
    title: "Signature header in lower case",
    expected: "same as X-Webhook-Signature",
    why: "HTTP header names are case-insensitive and proxies (and HTTP/2) change their case; a handler must not depend on it.",
    fix: "Read the header through your framework's case-insensitive lookup (req.get(), headers.get()) instead of an exact key.",
    required: true,
  },
  {
    number: 11,
    id: "informational",
    title: "Timings, answers, HEAD and GET",
    expected: "information",
    why: "How long the handler takes and what it answers HEAD and GET (probes, uptime checks) are worth seeing even when nothing fails.",
    fix: "Answer HEAD and GET with something other than 5xx (405 or 200), and keep answers well under 5 s.",
    required: false,
  },
];

export function checkCase(number: number): CheckCase | undefined {
  return CHECK_CASES.find((c) => c.number === number);
}
