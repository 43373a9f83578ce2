import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { AnswerSequence } from "@/lib/webhooks/shared/answer-sequence";

export type StoredAnswerSequence = AnswerSequence & { id: string };

/** Raw bytes. node-postgres hands back a Buffer, PGlite a Uint8Array: both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Receiver endpoints. "default" (/api/webhooks/receive) exists implicitly and falls back to WEBHOOK_SECRET;
 * the others are created in the console. Secrets are stored only encrypted (lib/webhooks/server/secret-box.ts).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** `v1:<base64 iv|tag|ciphertext>`, AES-256-GCM bound to the endpoint id; null = no secret set here. */
  secretCiphertext: text("secret_ciphertext"),
  /** Short keyed fingerprint so a member can tell secrets apart without seeing them. */
  secretFingerprint: text("secret_fingerprint"),
  /**
   * The secret this one replaced, kept (encrypted the same way) until `previousSecretExpiresAt`, 24 h after
   * the replacement: a sender still signing with it is told apart from a wrong secret, and accepted meanwhile.
   */
  previousSecretCiphertext: text("previous_secret_ciphertext"),
  previousSecretFingerprint: text("previous_secret_fingerprint"),
  previousSecretReplacedAt: timestamp("previous_secret_replaced_at", { withTimezone: true }),
  previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
  /** The signature scheme (schemeId) of the first verified delivery; later ones are compared to it. */
  lockedScheme: text("locked_scheme"),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  /** Answer 2xx even when the signature is invalid or missing (the delivery is stored either way). */
  acceptInvalidSignatures: boolean("accept_invalid_signatures").notNull().default(false),
  /** Per-endpoint override of WEBHOOK_RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute: integer("rate_limit_per_minute"),
  /**
   * The answer sequence (lib/webhooks/shared/answer-sequence.ts) applied by attempt within each retry group;
   * `id` is new at every change, so the groups' positions (webhook_answer_positions) start again at step 1.
   */
  answerSequence: jsonb("answer_sequence").$type<StoredAnswerSequence>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every delivery exactly as it arrived, with what we concluded about it. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The inserting transaction's id (xid8). Lists are ordered by (seq, id) and only show rows whose
     * transaction is older than every transaction still running, so a live view polling with `after=`
     * can never skip a row that committed late (sequence ids are handed out before commit, out of order).
     */
    seq: bigint("seq", { mode: "bigint" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true, precision: 3 }).notNull(),
    method: text("method").notNull(),
    /**
     * The request target's query string without its `?` ("" when none), as the sender wrote it: a listener
     * forwards it, and some senders sign the full URL.
     */
    query: text("query").notNull().default(""),
    /** Header name/value pairs in arrival order; credentials replaced by "[redacted]". */
    headers: jsonb("headers").$type<[string, string][]>().notNull(),
    clientAddress: text("client_address"),
    contentType: text("content_type"),
    body: bytea("body").notNull(),
    bodySha256: text("body_sha256").notNull(),
    size: integer("size").notNull(),
    /** Valid UTF-8 without NUL bytes, i.e. convertible to PostgreSQL text (text search, previews). */
    bodyIsText: boolean("body_is_text").notNull(),
    /**
     * JSON that PostgreSQL's jsonb reads as JavaScript did (analyze.ts isJsonbReady): the field search
     * casts only these bodies, so a hostile one cannot fail or stall a search.
     */
    bodyIsJson: boolean("body_is_json").notNull().default(false),
    preview: text("preview"),
    /** The envelope's `event` when there is one (even an unknown name). */
    event: text("event"),
    /** verified | invalid_signature | missing_signature | no_secret */
    verification: text("verification").notNull(),
    scheme: text("scheme"),
    /** Verified, but only with a scheme other than the one locked for the endpoint. */
    schemeMismatch: boolean("scheme_mismatch").notNull().default(false),
    signedTimestamp: text("signed_timestamp"),
    findings: jsonb("findings").$type<{ code: string; message: string }[]>().notNull(),
    /** Attempts: same body at the same endpoint within the retry window. */
    attempt: integer("attempt").notNull().default(1),
    firstAttemptId: bigint("first_attempt_id", { mode: "number" }),
    gapMs: bigint("gap_ms", { mode: "number" }),
    responseStatus: integer("response_status").notNull(),
    scripted: boolean("scripted").notNull().default(false),
    hangSeconds: integer("hang_seconds"),
    /** The answer-sequence step that answered this attempt (1-based) and the sequence's length; null: none. */
    answerStep: integer("answer_step"),
    answerSteps: integer("answer_steps"),
  },
  (t) => [
    index("webhook_deliveries_order_idx").on(t.seq, t.id),
    index("webhook_deliveries_endpoint_order_idx").on(t.endpointId, t.seq, t.id),
    index("webhook_deliveries_retry_idx").on(t.endpointId, t.bodySha256, t.receivedAt),
    index("webhook_deliveries_received_idx").on(t.receivedAt),
  ],
);
