import type { Metadata } from "next";
import { AlertChannels } from "@/components/alerts/alert-channels";
import { channelList } from "@/lib/alerts/channels/console";
import { requirePageMember } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Alert channels" };
export const dynamic = "force-dynamic";

export default async function AlertChannelsPage() {
  const member = await requirePageMember("/alerts/channels");
  const { channels, emailConfigured } = await channelList();
  return (
    <>
      <p className="max-w-2xl text-sm text-muted-foreground">
        Where alerts go: a Slack-compatible webhook (Slack, Discord, Mattermost), a signed webhook,
        or email. Each send is tried three times (now, after 30 s, after 2 min).
      </p>
      <AlertChannels
        channels={channels}
        emailConfigured={emailConfigured}
        isAdmin={member.role === "admin"}
      />
    </>
  );
}
