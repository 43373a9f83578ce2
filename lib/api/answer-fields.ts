import { z } from "@/lib/zod";

/**
 * Fields the console API's answer schemas share (no server imports: the schemas sit beside the input schemas,
 * which the browser and the command-line tool import too).
 */

/** A time as the API answers it: ISO 8601 text (a Date, sent as JSON, becomes this). */
export const isoTimeField = z.string().meta({ format: "date-time" });

/** Headers in the order received, each `[name, value]`. */
export const headerListField = z.array(z.tuple([z.string(), z.string()]));
