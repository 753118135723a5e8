import type { FastifyPluginAsync } from "fastify";
import adminRoutes from "./admin/routes";
import articleRoutes from "./articles/routes";
import courseRoutes from "./courses/routes";
import dashboardRoutes from "./dashboard/routes";
import discipleshipRoutes from "./discipleship/routes";
import groupRoutes from "./groups/routes";
import localGroupRoutes from "./local-groups/routes";
import noteRoutes from "./notes/routes";
import paymentRoutes from "./payments/routes";
import prayerRoutes from "./prayer/routes";
import profileRoutes from "./profile/routes";
import adminVideoRoutes from "./videos/admin-routes";
import videoRoutes from "./videos/routes";
import thumbnailRoutes from "./videos/thumbnail-routes";

/** Every feature's API routes, mounted under /api in this order. */
export const featureRoutes: FastifyPluginAsync[] = [
  articleRoutes,
  courseRoutes,
  dashboardRoutes,
  prayerRoutes,
  discipleshipRoutes,
  groupRoutes,
  localGroupRoutes,
  videoRoutes,
  thumbnailRoutes,
  adminVideoRoutes,
  noteRoutes,
  profileRoutes,
  paymentRoutes,
  adminRoutes,
];
