import "server-only";
import nodemailer from "nodemailer";
import type { AlertNotificationPayload } from "@/lib/alerts/notification";
import type { alertChannels } from "@/lib/db/schema";
import { guardedRequest, TargetRefused } from "@/lib/http/guarded-request";
import { standardWebhooksHeaders } from "@/lib/signing";
import type { ChannelContext } from "./context";
import { emailMessage, slackMessage, webhookMessage } from "./formats";

/**
 * One try of one notification to one channel. Never throws for the channel's sake: the outcome is `sent`, or
 * a reason in words a member can act on (recorded on the send and shown on the channel). No reason holds a
 * secret: a Slack URL is never part of one (the guard names the host only), nor is a signing secret.
 */
export type SendOutcome = { ok: true } | { ok: false; error: string };

type Channel = typeof alertChannels.$inferSelect;

/** What is read of a channel's answer to put in its error: enough to recognise Slack's `no_service`. */
const ANSWER_EXCERPT_CHARACTERS = 120;

export const SECRET_UNREADABLE =
  "The channel's secret cannot be opened (the encryption key changed): enter it again.";

export async function sendToChannel(
  context: ChannelContext,
  channel: Channel,
  notificationId: string,
  payload: AlertNotificationPayload,
): Promise<SendOutcome> {
  switch (channel.kind) {
    case "slack": {
      const url = channel.secretCiphertext
        ? context.box.decrypt(channel.secretCiphertext, channel.id)
        : null;
      if (!url) return { ok: false, error: SECRET_UNREADABLE };
      return postJson(context, url, [], Buffer.from(slackMessage(payload), "utf8"));
    }
    case "webhook": {
      const secret = channel.secretCiphertext
        ? context.box.decrypt(channel.secretCiphertext, channel.id)
        : null;
      if (!secret || !channel.target) return { ok: false, error: SECRET_UNREADABLE };
      const sentAt = context.now();
      const body = Buffer.from(webhookMessage(payload, sentAt), "utf8");
      // One message id per notification, the same on every try, so a receiver can drop a retry it already has.
      const headers = standardWebhooksHeaders(
        secret,
        `msg_${notificationId}`,
        Math.floor(sentAt.getTime() / 1000),
        body,
      );
      return postJson(context, channel.target, Object.entries(headers), body);
    }
    case "email":
      return sendEmail(context, channel.target ?? "", payload);
  }
}

async function postJson(
  context: ChannelContext,
  url: string,
  headers: [string, string][],
  body: Buffer,
): Promise<SendOutcome> {
  try {
    const exchange = await guardedRequest({
      url,
      policy: context.policy,
      method: "POST",
      headers: [
        ["content-type", "application/json"],
        ["user-agent", "project-console-alerts"],
        ...headers,
      ],
      body,
      timeoutMs: context.timeoutMs,
      maxBodyBytes: 4_096,
    });
    if (!exchange.answer) {
      return { ok: false, error: `The channel could not be reached: ${exchange.error}.` };
    }
    const { status, body: answer } = exchange.answer;
    if (status >= 200 && status < 300) return { ok: true };
    const excerpt = answer
      .toString("utf8")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, ANSWER_EXCERPT_CHARACTERS);
    return {
      ok: false,
      error: `The channel answered HTTP ${status}${excerpt ? `: “${excerpt}”` : ""}.`,
    };
  } catch (error) {
    if (error instanceof TargetRefused) return { ok: false, error: error.message };
    throw error;
  }
}

async function sendEmail(
  context: ChannelContext,
  recipients: string,
  payload: AlertNotificationPayload,
): Promise<SendOutcome> {
  if (!context.smtp) {
    return {
      ok: false,
      error: "Email is not set up on this server: set SMTP_URL (or SMTP_HOST) and SMTP_FROM.",
    };
  }
  const bound = {
    connectionTimeout: context.timeoutMs,
    greetingTimeout: context.timeoutMs,
    socketTimeout: context.timeoutMs,
  };
  const transport = nodemailer.createTransport({ ...context.smtp.transport, ...bound });
  const { subject, text } = emailMessage(payload);
  try {
    await transport.sendMail({ from: context.smtp.from, to: recipients, subject, text });
    return { ok: true };
  } catch (error) {
    // nodemailer's messages carry the server's reply ("550 5.1.1 No such user"), never the password.
    const reason =
      error instanceof Error ? error.message.replace(/\s+/g, " ").trim() : "unknown error";
    return { ok: false, error: `The mail server refused the email: ${reason}` };
  } finally {
    transport.close();
  }
}
