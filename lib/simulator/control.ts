import { z } from "@/lib/zod";
import { simConfigPatchSchema } from "./config";
import { parseBody, parseValue, type ControlRoute } from "./control-body";
import { PROJECT_ROUTES } from "./control-projects";
import { emitDeliveries, emitRequestSchema } from "./emit";
import { faultSchema } from "./faults";
import { readJson, sendJson } from "./http";
import { stripUndefined } from "./project-input";

/** The control API under /__sim/ (documented in index.ts and docs/simulator.md). Not part of the service. */
export const CONTROL_PREFIX = "/__sim";

// One fault or several. Chosen by shape rather than with a union, which would hide the discriminator's message.
const faultList = z.array(faultSchema).min(1, "give at least one fault");

export const CONTROL_ROUTES: [string, RegExp, ControlRoute][] = [
  ["GET", /^\/health$/, (_ctx, _req, res) => sendJson(res, 200, { status: "ok" })],

  ["GET", /^\/faults$/, (ctx, _req, res) => sendJson(res, 200, { faults: ctx.faults.list() })],
  [
    "POST",
    /^\/faults$/,
    async (ctx, req, res) => {
      const raw = await readJson(req);
      const faults = Array.isArray(raw)
        ? parseValue(res, faultList, raw)
        : parseValue(
            res,
            faultSchema.transform((fault) => [fault]),
            raw,
          );
      if (!faults) return;
      const queued = faults.map((fault) => ctx.faults.add(fault));
      sendJson(res, 201, { queued, faults: ctx.faults.list() });
    },
  ],
  [
    "DELETE",
    /^\/faults$/,
    (ctx, _req, res) => {
      ctx.faults.clear();
      sendJson(res, 200, { faults: [] });
    },
  ],

  ["GET", /^\/config$/, (ctx, _req, res) => sendJson(res, 200, ctx.config)],
  [
    "POST",
    /^\/config$/,
    async (ctx, req, res) => {
      const patch = await parseBody(req, res, simConfigPatchSchema);
      if (!patch) return;
      Object.assign(ctx.config, stripUndefined(patch));
      sendJson(res, 200, ctx.config);
    },
  ],

  ...PROJECT_ROUTES,

  [
    "POST",
    /^\/reset$/,
    (ctx, _req, res) => {
      ctx.store.reset();
      ctx.faults.clear();
      ctx.stats.reset();
      ctx.limiter.reset();
      Object.assign(ctx.config, ctx.initialConfig);
      sendJson(res, 200, { status: "reset", config: ctx.config });
    },
  ],

  [
    "POST",
    /^\/webhooks\/emit$/,
    async (ctx, req, res) => {
      const request = await parseBody(req, res, emitRequestSchema);
      if (!request) return;
      // Closing the simulator (or the caller hanging up) stops the deliveries.
      const gone = new AbortController();
      res.on("close", () => gone.abort());
      const signal = AbortSignal.any([gone.signal, ctx.shutdown]);
      const result = await emitDeliveries(request, {
        signal,
        pickProject: () => ctx.store.randomListed(),
      });
      if (!res.writableEnded && !res.destroyed) sendJson(res, 200, result);
    },
  ],

  ["GET", /^\/stats$/, (ctx, _req, res) => sendJson(res, 200, ctx.stats.snapshot())],
  [
    "POST",
    /^\/stats\/reset$/,
    (ctx, _req, res) => {
      ctx.stats.reset();
      sendJson(res, 200, ctx.stats.snapshot());
    },
  ],
];
