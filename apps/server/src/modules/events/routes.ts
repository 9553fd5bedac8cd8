import { Socket } from "node:net";
import { ErrorResponse, EventsQuery, LastEventId } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { hashToken } from "../../lib/tokens";
import { bearerToken } from "../../plugins/access";
import type { EventsService } from "./service";

/**
 * `GET /api/events`: the tab's live stock stream (server-sent events), signed in like every other
 * call (`Authorization: Bearer`; the web reads it with fetch, so the token never sits in an address).
 * `?products=` names the watched products; `Last-Event-ID` resumes a dropped stream.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService }> = async (app, { events }) => {
  app.addHook("onReady", () => events.start());
  // Before the server stops accepting: open streams end, so closing does not wait on them.
  app.addHook("preClose", () => events.close());

  app.get(
    "/api/events",
    {
      config: { access: "user" },
      schema: {
        tags: ["events"],
        summary: "Live stock of the watched products (server-sent events: ready, stock, resync; heartbeats)",
        querystring: EventsQuery,
        headers: z.object({ "last-event-id": LastEventId.optional() }).passthrough(),
        response: {
          200: z.string().describe("text/event-stream"),
          400: ErrorResponse,
          401: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      events.admit(viewer);
      // The answer is written straight to the socket: no compression, no buffering on the way.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "x-accel-buffering": "no",
        connection: "keep-alive",
      });
      res.flushHeaders();
      const socket = request.raw.socket;
      const networked = socket instanceof Socket;
      if (networked) {
        socket.setNoDelay(true);
        socket.setKeepAlive(true);
      }
      const end = await events.open({
        viewer,
        session: hashToken(bearerToken(request) ?? ""),
        watch: request.query.products ?? [],
        lastEventId: request.headers["last-event-id"],
        sink: {
          write: (chunk) => res.write(chunk),
          end: () => res.end(),
          get writableLength() {
            return res.writableLength;
          },
        },
      });
      res.on("close", end);
      // An in-process request (inject: tests, the API walkers) has no one to stream to: it gets the
      // opening frames and the end, as a stream the server closed would (the client reconnects).
      if (res.destroyed || !networked) end();
    },
  );
};
