/**
 * The browser's console client is typed from the routes it calls (ConsoleRouteHandler in lib/api/handler.ts):
 * what it sends is what the route's zod schemas accept, what it reads is what the route's handler answers.
 * Checked by `npx tsc --noEmit` (and `npx vitest run --typecheck.only tests/unit/console-client.test-d.ts`):
 * a route whose schema or answer changes without the client fails here, or at the client's call sites.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { ConsoleRouteHandler } from "@/lib/api/handler";
import type {
  consoleApi,
  DeliveriesPage,
  DeliveryListParams,
  EndpointPatch,
  EndpointView,
  NewEndpoint,
  ReplayInput,
  RouteBody,
  TestDeliveryInput,
} from "@/lib/webhooks/browser/console-client";
import type { listDeliveriesPage } from "@/lib/webhooks/server/console";
import type { EndpointView as StoredEndpointView } from "@/lib/webhooks/server/endpoint-store";
import type {
  createEndpointSchema,
  deliveryCountsQuerySchema,
  testDeliverySchema,
  updateEndpointSchema,
} from "@/lib/webhooks/shared/api-schemas";
import type { replayRequestSchema } from "@/lib/webhooks/shared/replay/replay-schema";

type Api = typeof consoleApi;

describe("console client types", () => {
  it("sends exactly what the routes' schemas accept", () => {
    expectTypeOf<NewEndpoint>().toEqualTypeOf<z.input<typeof createEndpointSchema>>();
    expectTypeOf<EndpointPatch>().toEqualTypeOf<z.input<typeof updateEndpointSchema>>();
    expectTypeOf<TestDeliveryInput>().toEqualTypeOf<z.input<typeof testDeliverySchema>>();
    expectTypeOf<ReplayInput>().toEqualTypeOf<z.input<typeof replayRequestSchema>>();
    expectTypeOf<DeliveryListParams>().toEqualTypeOf<z.input<typeof deliveryCountsQuerySchema>>();
    expectTypeOf<Parameters<Api["updateEndpoint"]>[1]>().toEqualTypeOf<EndpointPatch>();
    expectTypeOf<Parameters<Api["sendTest"]>[1]>().toEqualTypeOf<TestDeliveryInput>();
  });

  it("reads exactly what the routes answer", () => {
    expectTypeOf<DeliveriesPage>().toEqualTypeOf<Awaited<ReturnType<typeof listDeliveriesPage>>>();
    expectTypeOf<EndpointView>().toEqualTypeOf<StoredEndpointView>();
    expectTypeOf<Awaited<ReturnType<Api["updateEndpoint"]>>>().toEqualTypeOf<StoredEndpointView>();
  });

  it("refuses what a route would refuse", () => {
    // Never called: these lines are for the compiler.
    const wrongCalls = (api: Api) => [
      // @ts-expect-error a misspelt field: the route's schema is strict
      api.updateEndpoint("default", { nmae: "Orders" }),
      // @ts-expect-error a rate limit is a number, not text
      api.updateEndpoint("default", { rateLimitPerMinute: "60" }),
      // @ts-expect-error not an event of the spec's catalogue
      api.sendTest("default", { event: "task.deleted" }),
      // @ts-expect-error not a verification result
      api.counts({ verification: "ok" }),
    ];
    expectTypeOf(wrongCalls).toBeFunction();
  });

  it("follows a route whose schema changes", () => {
    // A PATCH route that renamed `name` to `title`: the patch the client builds today no longer fits it.
    type RenamedRoute = ConsoleRouteHandler<
      undefined,
      { title?: string },
      { endpoint: EndpointView }
    >;
    expectTypeOf<RouteBody<RenamedRoute>>().toEqualTypeOf<{ title?: string }>();
    expectTypeOf<{ name: string }>().not.toExtend<RouteBody<RenamedRoute>>();
  });
});
