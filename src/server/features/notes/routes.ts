import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../../core/schemas/common";
import { createNoteBody, noteItem, noteListQuery } from "../../../core/schemas/notes";
import { memberOf } from "../../auth/guards";
import * as service from "./service";

/** A member's private video notes and highlights. */
export default async function noteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/video-notes",
    { schema: { querystring: noteListQuery, response: { 200: z.array(noteItem) } } },
    async (request) => service.listNotes(db, memberOf(request).id, request.query),
  );

  app.get("/video-notes/tags", { schema: { response: { 200: z.array(z.string()) } } }, async (request) =>
    service.listTags(db, memberOf(request).id),
  );

  app.post(
    "/video-notes",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createNoteBody, response: { 201: noteItem } },
    },
    async (request, reply) => {
      const note = await service.createNote(db, memberOf(request).id, request.body);
      return reply.status(201).send(note);
    },
  );

  app.delete("/video-notes/:id", { schema: { params: idParams } }, async (request, reply) => {
    await service.removeNote(db, memberOf(request).id, request.params.id);
    return reply.status(204).send();
  });
}
