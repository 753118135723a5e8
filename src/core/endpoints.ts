import { adminEndpoints } from "./admin/endpoints";
import { articlesEndpoints } from "./articles/endpoints";
import { authEndpoints } from "./auth/endpoints";
import { backupsEndpoints } from "./backups/endpoints";
import { conversationEndpoints } from "./conversation/endpoints";
import { coursesEndpoints } from "./courses/endpoints";
import { demoContentEndpoints } from "./demo-content/endpoints";
import { discipleshipEndpoints } from "./discipleship/endpoints";
import { eventsEndpoints } from "./events/endpoints";
import { givingEndpoints } from "./giving/endpoints";
import { groupsEndpoints } from "./groups/endpoints";
import { healthEndpoints } from "./health/endpoints";
import { homeEndpoints } from "./home/endpoints";
import { intercessorsEndpoints } from "./intercessors/endpoints";
import { invitationsEndpoints } from "./invitations/endpoints";
import { landingEndpoints } from "./landing/endpoints";
import { lessonsEndpoints } from "./lessons/endpoints";
import { liveEndpoints } from "./live/endpoints";
import { localGroupsEndpoints } from "./local-groups/endpoints";
import { messagesEndpoints } from "./messages/endpoints";
import { moderationEndpoints } from "./moderation/endpoints";
import { notesEndpoints } from "./notes/endpoints";
import { notificationsEndpoints } from "./notifications/endpoints";
import { paymentsEndpoints } from "./payments/endpoints";
import { prayerEndpoints } from "./prayer/endpoints";
import { profileEndpoints } from "./profile/endpoints";
import { pushEndpoints } from "./push/endpoints";
import { referenceEndpoints } from "./reference/endpoints";
import { searchEndpoints } from "./search/endpoints";
import { settingsEndpoints } from "./settings/endpoints";
import { setupEndpoints } from "./setup/endpoints";
import { statusEndpoints } from "./status/endpoints";
import { videosEndpoints } from "./videos/endpoints";

/** Every endpoint of the API, by feature: the OpenAPI document and the route checks read this. */
export const apiEndpoints = {
  auth: authEndpoints,
  setup: setupEndpoints,
  profile: profileEndpoints,
  home: homeEndpoints,
  videos: videosEndpoints,
  notes: notesEndpoints,
  search: searchEndpoints,
  notifications: notificationsEndpoints,
  push: pushEndpoints,
  articles: articlesEndpoints,
  courses: coursesEndpoints,
  lessons: lessonsEndpoints,
  prayer: prayerEndpoints,
  groups: groupsEndpoints,
  localGroups: localGroupsEndpoints,
  conversation: conversationEndpoints,
  messages: messagesEndpoints,
  live: liveEndpoints,
  discipleship: discipleshipEndpoints,
  intercessors: intercessorsEndpoints,
  moderation: moderationEndpoints,
  events: eventsEndpoints,
  payments: paymentsEndpoints,
  giving: givingEndpoints,
  admin: adminEndpoints,
  invitations: invitationsEndpoints,
  backups: backupsEndpoints,
  demoContent: demoContentEndpoints,
  status: statusEndpoints,
  landing: landingEndpoints,
  health: healthEndpoints,
  reference: referenceEndpoints,
  settings: settingsEndpoints,
};
