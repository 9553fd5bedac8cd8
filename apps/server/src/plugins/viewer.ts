import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { loadViewer, type Viewer } from "../modules/catalogue/public";
import type { UsersService } from "../modules/users/public";
import { userOf } from "./access";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller as the catalogue sees them (mapping, rules, licence, ship-to state), read once per request. */
    viewer(): Promise<Viewer>;
  }
}

const loaded = new WeakMap<FastifyRequest, Promise<Viewer>>();

/** Decorates every request with `viewer()`, so routes stop restating how a viewer is loaded. */
export const viewerPlugin = fp<{ users: UsersService }>(async (app: FastifyInstance, { users }) => {
  app.decorateRequest("viewer", function viewer(this: FastifyRequest) {
    let viewer = loaded.get(this);
    if (!viewer) {
      viewer = loadViewer(users, userOf(this));
      loaded.set(this, viewer);
    }
    return viewer;
  });
});
