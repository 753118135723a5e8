import type { FastifyInstance } from "fastify";
import { groupsEndpoints as api } from "../../../core/groups/endpoints";
import { serveJoinRequests } from "../../groups-shared/routes";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** Cultivation groups: discover, create, join with approvals, and each group's page. */
export default async function groupRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.list, ({ viewer, query }) => service.listGroups(db, viewer, query));
  serve(app, api.mine, ({ viewer, query }) => service.myGroups(db, viewer, query));
  serve(app, api.create, ({ viewer, body }) => service.createGroup(db, viewer, body));
  serve(app, api.get, ({ viewer, params }) => service.getGroup(db, viewer, params.id));
  serve(app, api.update, ({ viewer, params, body }) => service.updateGroup(db, viewer, params.id, body));
  serve(app, api.join, ({ viewer, params, body }) =>
    service.joinGroup(db, viewer, params.id, body.requestMessage),
  );
  serve(app, api.leave, ({ viewer, params }) => service.leaveGroup(db, viewer, params.id));
  serveJoinRequests(app, api, service);
  serve(app, api.setMemberRole, ({ viewer, params, body }) =>
    service.setMemberRole(db, viewer, params.id, params.userId, body.role),
  );
  serve(app, api.removeMember, ({ viewer, params }) =>
    service.removeMember(db, viewer, params.id, params.userId),
  );
}
