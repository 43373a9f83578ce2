import type { AlertNotificationPayload } from "@/lib/alerts/notification";

/**
 * How one notification reads in each channel. The payload's text is plain and may hold anything a sender put
 * in a delivery (an endpoint's name, an event's field), so each format treats every character as hostile:
 * tests/unit/alert-channel-formats.test.ts proves it with arbitrary text.
 */

const KIND_WORDS: Record<AlertNotificationPayload["kind"], string> = {
  opened: "Alert opened",
  grew: "Alert grew",
  resolved: "Alert resolved",
  test: "Test alert",
};

/**
 * Text for Slack's mrkdwn (and the Slack routes of Discord and Mattermost): `&`, `<` and `>` escaped as Slack
 * documents, so no `<!channel>`, `<@U…>` or `<url|link>` can be written by the text; and an `@` before a word
 * broken with a zero-width space, because Discord and Mattermost turn a bare `@everyone`, `@here`, `@channel`
 * or `@all` into a mention.
 */
export function slackEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/@(?=\w)/g, "@\u200b");
}

/** A link Slack opens: only an absolute http(s) URL, with the characters that end Slack's `<url|label>` encoded. */
function slackLink(link: string | null): string | null {
  if (!link || !URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.href
    .replace(/\|/g, "%7C")
    .replace(/</g, "%3C")
    .replace(/>/g, "%3E")
    .replace(/&/g, "&amp;");
}

/** Slack's incoming-webhook body: `text` (the notification, and what Discord shows) and `blocks`. */
export function slackMessage(payload: AlertNotificationPayload): string {
  const title = slackEscape(payload.title);
  const heading = `${KIND_WORDS[payload.kind]}: ${title}`;
  const link = slackLink(payload.link);
  const context = [
    payload.endpointName ? `Endpoint: ${slackEscape(payload.endpointName)}` : null,
    link ? `<${link}|Open in the console>` : null,
  ].filter((part): part is string => part !== null);
  const blocks: object[] = [{ type: "section", text: { type: "mrkdwn", text: `*${heading}*` } }];
  if (payload.detail) {
    blocks.push({ type: "section", text: { type: "mrkdwn", text: slackEscape(payload.detail) } });
  }
  if (context.length > 0) {
    blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: context.join(" · ") }] });
  }
  return JSON.stringify({
    text: [
      heading,
      payload.detail ? slackEscape(payload.detail) : null,
      link ? `<${link}|Open in the console>` : null,
    ]
      .filter(Boolean)
      .join("\n"),
    blocks,
  });
}

/** The signed webhook's body: the Standard Webhooks envelope (`type`, `timestamp`, `data`). */
export function webhookMessage(payload: AlertNotificationPayload, sentAt: Date): string {
  return JSON.stringify({
    type: `alert.${payload.kind}`,
    timestamp: sentAt.toISOString(),
    data: payload,
  });
}

/** The email: plain text only, so nothing in it is markup. Line breaks are taken out of the subject (a header). */
export function emailMessage(payload: AlertNotificationPayload): { subject: string; text: string } {
  const subject = `${KIND_WORDS[payload.kind]}: ${payload.title}`
    .replace(/[\r\n]+/g, " ")
    .slice(0, 200);
  const lines = [
    payload.title,
    "",
    payload.detail,
    "",
    payload.endpointName ? `Endpoint: ${payload.endpointName}` : null,
    payload.link ? `Open: ${payload.link}` : null,
    `When: ${payload.occurredAt}`,
  ].filter((line): line is string => line !== null);
  return { subject, text: lines.join("\n") };
}
