import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DISCUSSION_PAGE_SIZE } from "../../../core/constants";
import { pageQuery } from "../../../core/schemas/common";
import {
  createDiscussionBody,
  discussionItem,
  likeResponse,
  reflectionItem,
  relatedQuery,
  saveResponse,
  videoDetail,
  videoItem,
  videoListQuery,
  videoParams,
  viewResponse,
} from "../../../core/schemas/videos";
import { memberOf } from "../../auth/guards";
import { libraryCache } from "./library-cache";
import * as q from "./queries";
import * as service from "./service";

const discussionPage = pageQuery.extend({
  limit: pageQuery.shape.limit.unwrap().default(DISCUSSION_PAGE_SIZE),
});

/** The video library, a video's page, its reflections, and the member's likes, saves and views. */
export default async function videoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/videos",
    {
      schema: { querystring: videoListQuery, response: { 200: z.array(videoItem) } },
    },
    async (request, reply) =>
      libraryCache(db).reply(request, reply, JSON.stringify(request.query), () =>
        q.listVideos(db, request.query),
      ),
  );

  app.get(
    "/videos/:id",
    { schema: { params: videoParams, response: { 200: videoDetail } } },
    async (request) => service.getVideo(db, request.params.id, memberOf(request).id),
  );

  app.get(
    "/videos/:id/related",
    {
      schema: { params: videoParams, querystring: relatedQuery, response: { 200: z.array(videoItem) } },
    },
    async (request) => service.relatedVideos(db, request.params.id, request.query.limit),
  );

  app.post(
    "/videos/:id/view",
    { schema: { params: videoParams, response: { 200: viewResponse } } },
    async (request) => service.recordView(db, request.params.id, memberOf(request).id),
  );

  app.post(
    "/videos/:id/like",
    { schema: { params: videoParams, response: { 200: likeResponse } } },
    async (request) => service.toggleLike(db, request.params.id, memberOf(request).id),
  );

  app.post(
    "/videos/:id/save",
    { schema: { params: videoParams, response: { 200: saveResponse } } },
    async (request) => service.toggleSave(db, request.params.id, memberOf(request).id),
  );

  app.get(
    "/saved-videos",
    { schema: { querystring: pageQuery, response: { 200: z.array(videoItem) } } },
    async (request) => q.listSavedVideos(db, memberOf(request).id, request.query),
  );

  app.get(
    "/videos/:id/discussions",
    {
      schema: {
        params: videoParams,
        querystring: discussionPage,
        response: { 200: z.array(discussionItem) },
      },
    },
    async (request) => service.videoDiscussions(db, request.params.id, memberOf(request).id, request.query),
  );

  app.post(
    "/discussions",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createDiscussionBody, response: { 201: discussionItem } },
    },
    async (request, reply) => {
      const created = await service.addDiscussion(db, memberOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    "/discussions/:id/like",
    { schema: { params: videoParams, response: { 200: likeResponse } } },
    async (request) => service.toggleDiscussionLike(db, request.params.id, memberOf(request).id),
  );

  app.get(
    "/reflections",
    {
      schema: { querystring: pageQuery, response: { 200: z.array(reflectionItem) } },
    },
    async (request) => service.memberReflections(db, memberOf(request).id, request.query),
  );
}
