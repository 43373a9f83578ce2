/** The channel kinds, in the order the channels page offers them. No server imports: the page names them too. */
export const ALERT_CHANNEL_KINDS = ["slack", "webhook", "email"] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

export const ALERT_CHANNEL_KIND_WORDS: Record<AlertChannelKind, string> = {
  slack: "Slack-compatible webhook (Slack, Discord /slack, Mattermost)",
  webhook: "Signed webhook (Standard Webhooks)",
  email: "Email (SMTP)",
};
