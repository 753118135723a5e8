import type { FastifyInstance } from "fastify";
import { notesEndpoints as api } from "../../../core/notes/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** A member's private video notes and highlights. */
export default async function noteRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.list, ({ viewer, query }) => service.listNotes(db, viewer.id, query));
  serve(app, api.tags, ({ viewer }) => service.listTags(db, viewer.id));
  serve(app, api.create, ({ viewer, body }) => service.createNote(db, viewer.id, body));
  serve(app, api.update, ({ viewer, params, body }) => service.updateNote(db, viewer.id, params.id, body));
  serve(app, api.remove, async ({ viewer, params }) => {
    await service.removeNote(db, viewer.id, params.id);
  });
}
