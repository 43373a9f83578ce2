import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailMessage, slackMessage } from "@/lib/alerts/channels/formats";
import type { AlertNotificationPayload } from "@/lib/alerts/notification";

/**
 * A notification's text comes from what senders put in deliveries, so the Slack format must hold for any
 * text: the JSON parses, and no text can write Slack markup that acts (a link, `<!channel>`, `<@U…>`) or a
 * bare mention Discord or Mattermost would act on (`@everyone`, `@here`, `@channel`, `@all`).
 */

const hostile = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom(
    "<!channel>",
    "<!here|here>",
    "<@U024BE7LH>",
    "<https://evil.example|click>",
    "@everyone @here @channel @all",
    "&lt;!channel&gt;",
    '"},{"type":"section"',
    "\u2028\u2029\\u003c",
  ),
);
const hostileText = fc.array(hostile, { maxLength: 4 }).map((parts) => parts.join(" "));

const payloads = fc.record({
  kind: fc.constantFrom("opened", "grew", "resolved", "test") as fc.Arbitrary<
    AlertNotificationPayload["kind"]
  >,
  title: hostileText,
  detail: hostileText,
  endpointName: fc.option(hostileText, { nil: null }),
  link: fc.option(fc.oneof(fc.webUrl(), hostileText), { nil: null }),
});

/** Every mrkdwn text in the message: `text`, and each block's and context element's. */
function mrkdwnTexts(body: string): string[] {
  const message = JSON.parse(body) as {
    text: string;
    blocks: { text?: { text: string }; elements?: { text: string }[] }[];
  };
  return [
    message.text,
    ...message.blocks.flatMap((block) => [
      ...(block.text ? [block.text.text] : []),
      ...(block.elements ?? []).map((element) => element.text),
    ]),
  ];
}

describe("the Slack format", () => {
  it("is valid JSON and carries no markup or mention but the console's own link, whatever the text", () => {
    fc.assert(
      fc.property(payloads, (given) => {
        const payload: AlertNotificationPayload = {
          ...given,
          issueId: null,
          rule: null,
          endpointId: null,
          occurredAt: "2026-11-26T12:00:00.000Z",
        };
        for (const text of mrkdwnTexts(slackMessage(payload))) {
          // The only `<…>` left is the link label we write, around a URL that has no `<`, `>` or `|`.
          const rest = text.replace(/<https?:\/\/[^<>|\s]+\|Open in the console>/g, "");
          expect(rest).not.toMatch(/[<>]/);
          expect(rest).not.toMatch(/@(everyone|here|channel|all)\b/i);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("escapes &, < and > as Slack documents, so the text reads as written", () => {
    const body = slackMessage({
      kind: "opened",
      issueId: null,
      rule: null,
      endpointId: null,
      endpointName: null,
      title: "a < b & c > d",
      detail: "",
      link: null,
      occurredAt: "2026-11-26T12:00:00.000Z",
    });
    expect(JSON.parse(body).text).toBe("Alert opened: a &lt; b &amp; c &gt; d");
  });

  it("keeps line breaks out of an email's subject, so no text adds a header", () => {
    fc.assert(
      fc.property(hostileText, (title) => {
        const { subject } = emailMessage({
          kind: "opened",
          issueId: null,
          rule: null,
          endpointId: null,
          endpointName: null,
          title,
          detail: "",
          link: null,
          occurredAt: "2026-11-26T12:00:00.000Z",
        });
        expect(subject).not.toMatch(/[\r\n]/);
      }),
    );
  });
});
