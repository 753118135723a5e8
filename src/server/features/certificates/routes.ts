import type { FastifyInstance } from "fastify";
import { lessonsEndpoints as api } from "../../../core/lessons/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** "Certificate: The Names of God.pdf", with nothing a file name may not carry. */
const fileName = (courseTitle: string) =>
  `Certificate - ${courseTitle.replace(/[^\p{L}\p{N} ._-]+/gu, " ").trim() || "course"}.pdf`;

export default async function certificateRoutes(app: FastifyInstance) {
  const { db, config } = app;
  serve(app, api.myCertificates, ({ viewer }) => service.myCertificates(db, viewer.id));
  serve(app, api.certificate, ({ viewer, params }) =>
    service.publicCertificate(db, viewer?.id ?? null, params.code),
  );
  serve(app, api.certificateVisibility, ({ viewer, params, body }) =>
    service.setCertificateHidden(db, viewer.id, params.code, body.hidden),
  );
  serve(app, api.certificatePdf, async ({ viewer, params, reply }) => {
    const { pdf, courseTitle } = await service.certificateFile(db, config, viewer?.id ?? null, params.code);
    const name = fileName(courseTitle);
    return reply
      .type("application/pdf")
      .header(
        "content-disposition",
        `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header("cache-control", "private, no-store")
      .send(Buffer.from(pdf));
  });
}
