import type { FastifyInstance } from "fastify";
import { videosEndpoints as api } from "../../../core/videos/endpoints";
import { serve } from "../../http/endpoint-routes";
import { invalidateSharedCaches } from "../../http/shared-cache";
import * as service from "./service";

/** The admin dashboard's Videos tab: list, add, edit and delete. */
export default async function adminVideoRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.adminList, ({ query }) => service.adminVideos(db, query));
  serve(app, api.adminCreate, async ({ viewer, body }) => {
    const created = await service.createVideo(db, viewer.id, body);
    invalidateSharedCaches(db);
    return created;
  });
  serve(app, api.adminEdit, async ({ params, body }) => {
    const edited = await service.editVideo(db, params.id, body);
    invalidateSharedCaches(db);
    return edited;
  });
  serve(app, api.adminRemove, async ({ params }) => {
    await service.removeVideo(db, params.id);
    invalidateSharedCaches(db);
  });
}
