import "server-only";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import type { Member } from "@/lib/auth/guard";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/connect";
import { parseSince, streamQueryInput, streamQuerySchema } from "./api-schemas";
import { positionBefore, resolveEndpoints } from "./deliveries";
import { ListenHub } from "./hub";
import { CredentialWatch, type StreamCredential } from "./credential-watch";
import { cursorOf, positionOf, type Position } from "./position";
import { PresenceTracker } from "./presence";
import { openSession, type ListenCaller } from "./sessions";
import { listenStream } from "./stream";

/**
 * The route's `maxDuration` on Vercel (seconds), and how long a stream lives before it ends itself with
 * `event: reconnect`: 20 s short of the limit, on Vercel and on our own server alike, so a client behaves
 * the same everywhere and a connection's credentials are checked again at least every 280 s.
 */
export const STREAM_MAX_DURATION_SECONDS = 300;
export const STREAM_LIFETIME_MS = (STREAM_MAX_DURATION_SECONDS - 20) * 1000;

type Listening = { hub: ListenHub; presence: PresenceTracker; credentials: CredentialWatch };
const KEY = Symbol.for("project-console.listen");
const holder = globalThis as unknown as { [KEY]?: Listening };

/** This process's hub and presence tracker (kept on globalThis: the dev server reloads modules). */
export function listening(): Listening {
  return (holder[KEY] ??= {
    hub: new ListenHub(getDb),
    presence: new PresenceTracker(getDb),
    credentials: new CredentialWatch(getDb),
  });
}

/** Who is listening, from the request's member (an access token's, when it came with one). */
export function listenCaller(member: Member): ListenCaller {
  return {
    memberId: member.id,
    tokenId: member.token?.id ?? null,
    tokenName: member.token?.name ?? null,
  };
}

/** What a stream's request was let in with, for the credential watch; null: nothing to watch. */
function streamCredential(member: Member): StreamCredential | null {
  if (member.token) return { kind: "token", id: member.token.id };
  return member.sessionId ? { kind: "session", id: member.sessionId } : null;
}

async function explicitStart(
  db: Db,
  request: NextRequest,
  after: string | undefined,
  since: string | undefined,
  head: () => Promise<Position>,
): Promise<Position | null> {
  const cursor = request.headers.get("last-event-id")?.trim() || after;
  if (cursor) {
    const position = positionOf(cursor);
    if (!position) {
      throw new ApiError("invalid_cursor", "The cursor is not one this API handed out.");
    }
    return position;
  }
  if (since) return (await positionBefore(db, parseSince(since, new Date())!)) ?? head();
  return null;
}

/**
 * `GET /api/webhooks/stream`: where to start (Last-Event-ID, else `after`, else `since`, else the session's
 * acknowledged cursor; a new session starts now), the session opened and marked connected, and the SSE
 * response. Unknown endpoints are a 400 naming them, before anything is streamed.
 */
export async function openListenStream(request: NextRequest, member: Member): Promise<Response> {
  const parsed = streamQuerySchema.safeParse(streamQueryInput(request.nextUrl.searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(
      "invalid_query",
      `Invalid query: ${issue?.path.map(String).join(".") ?? ""} ${issue?.message ?? "is not valid"}.`,
    );
  }
  const query = parsed.data;
  const db = await getDb();
  const { hub, presence, credentials } = listening();
  const endpoints = await resolveEndpoints(db, query.endpoint);
  if (endpoints.unknown.length > 0) {
    throw new ApiError(
      "unknown_endpoint",
      `No endpoint has this name or id: ${endpoints.unknown.slice(0, 5).join(", ")}.`,
    );
  }
  const explicit = await explicitStart(db, request, query.after, query.since, () =>
    hub.currentHead(),
  );
  const session = await openSession(
    db,
    { ...listenCaller(member), name: query.session },
    explicit ?? (await hub.currentHead()),
    { endpointIds: endpoints.ids, events: query.events },
  );
  const start = explicit ?? session.acknowledged;
  presence.connected(session.id);
  const ended = new AbortController();
  const credential = streamCredential(member);
  const unwatch = credential
    ? credentials.watch(credential, (why) => ended.abort(why))
    : () => undefined;
  const body = listenStream({
    db,
    hub,
    start,
    filter: { endpointIds: endpoints.ids, events: query.events },
    lifetimeMs: STREAM_LIFETIME_MS,
    session: query.session,
    ended: ended.signal,
    onClose: () => {
      unwatch();
      presence.disconnected(session.id);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // No proxy or compressor may hold events back (nginx reads the first, `compression` the second).
      "X-Accel-Buffering": "no",
      "X-Listen-Start": cursorOf(start),
    },
  });
}
