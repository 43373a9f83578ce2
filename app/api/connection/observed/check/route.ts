import { consoleRoute } from "@/lib/api/handler";
import { checkAnnouncedNow } from "@/lib/upstream/observed/console";
import { announcedCheckAnswerSchema } from "@/lib/upstream/observed/schemas";

export const dynamic = "force-dynamic";

/** Admins: check the announced read endpoints now, within the shared call budget. */
export const POST = consoleRoute({ answer: announcedCheckAnswerSchema }, ({ member }) =>
  checkAnnouncedNow(member),
);
