import type { FastifyInstance } from "fastify";
import { localGroupsEndpoints as api } from "../../../core/local-groups/endpoints";
import { serveJoinRequests } from "../../groups-shared/routes";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** Local in-person groups: discover by name or area, create, join (with approvals) and leave. */
export default async function localGroupRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.list, ({ viewer, query }) => service.listGroups(db, viewer, query));
  serve(app, api.mine, ({ viewer, query }) => service.myGroups(db, viewer, query));
  serve(app, api.get, ({ viewer, params }) => service.getGroup(db, viewer, params.id));
  serve(app, api.create, ({ viewer, body }) => service.createGroup(db, viewer, body));
  // The leader policy decides who is refused; the service checks again in its transaction.
  serve(app, api.update, ({ viewer, params, body }) => service.updateGroup(db, viewer, params.id, body));
  serve(app, api.join, ({ viewer, params }) => service.joinGroup(db, viewer, params.id));
  serve(app, api.leave, ({ viewer, params }) => service.leaveGroup(db, viewer, params.id));
  serveJoinRequests(app, api, service);
}
