import type { FastifyPluginAsync } from "fastify";
import adminRoutes from "./admin/routes";
import articleRoutes from "./articles/routes";
import backupRoutes from "./backups/routes";
import certificateRoutes from "./certificates/routes";
import conversationRoutes from "./conversation/routes";
import courseRoutes from "./courses/routes";
import demoContentRoutes from "./demo-content/routes";
import discipleshipRoutes from "./discipleship/routes";
import eventRoutes from "./events/routes";
import groupRoutes from "./groups/routes";
import homeRoutes from "./home/routes";
import intercessorRoutes from "./intercessors/routes";
import invitationRoutes from "./invitations/routes";
import landingRoutes from "./landing/routes";
import lessonRoutes from "./lessons/routes";
import lessonsAdminRoutes from "./lessons-admin/routes";
import localGroupRoutes from "./local-groups/routes";
import messageRoutes from "./messages/routes";
import moderationRoutes from "./moderation/routes";
import noteRoutes from "./notes/routes";
import notificationRoutes from "./notifications/routes";
import givingRoutes from "./payments/giving-routes";
import paymentRoutes from "./payments/routes";
import prayerRoutes from "./prayer/routes";
import profileRoutes from "./profile/routes";
import pushRoutes from "./push/routes";
import searchRoutes from "./search/routes";
import settingsRoutes from "./settings/routes";
import setupRoutes from "./setup/routes";
import statusRoutes from "./status/routes";
import adminVideoRoutes from "./videos/admin-routes";
import videoRoutes from "./videos/routes";
import thumbnailRoutes from "./videos/thumbnail-routes";

/** Every feature's API routes, mounted under /api in this order. */
export const featureRoutes: FastifyPluginAsync[] = [
  articleRoutes,
  courseRoutes,
  lessonRoutes,
  certificateRoutes,
  lessonsAdminRoutes,
  homeRoutes,
  prayerRoutes,
  discipleshipRoutes,
  intercessorRoutes,
  groupRoutes,
  localGroupRoutes,
  conversationRoutes,
  messageRoutes,
  eventRoutes,
  videoRoutes,
  thumbnailRoutes,
  adminVideoRoutes,
  noteRoutes,
  searchRoutes,
  notificationRoutes,
  pushRoutes,
  profileRoutes,
  paymentRoutes,
  givingRoutes,
  adminRoutes,
  backupRoutes,
  demoContentRoutes,
  statusRoutes,
  invitationRoutes,
  moderationRoutes,
  landingRoutes,
  setupRoutes,
  settingsRoutes,
];
