import { adminEndpoints } from "./admin";
import { articlesEndpoints } from "./articles";
import { authEndpoints } from "./auth";
import { backupsEndpoints } from "./backups";
import { coursesEndpoints } from "./courses";
import { dashboardEndpoints } from "./dashboard";
import { discipleshipEndpoints } from "./discipleship";
import { eventsEndpoints } from "./events";
import { givingEndpoints } from "./giving";
import { groupsEndpoints } from "./groups";
import { healthEndpoints } from "./health";
import { intercessorsEndpoints } from "./intercessors";
import { localGroupsEndpoints } from "./local-groups";
import { moderationEndpoints } from "./moderation";
import { notesEndpoints } from "./notes";
import { notificationsEndpoints } from "./notifications";
import { paymentsEndpoints } from "./payments";
import { prayerEndpoints } from "./prayer";
import { profileEndpoints } from "./profile";
import { pushEndpoints } from "./push";
import { referenceEndpoints } from "./reference";
import { videosEndpoints } from "./videos";

/** Every endpoint of the API, by feature: the OpenAPI document and the route checks read this. */
export const apiEndpoints = {
  auth: authEndpoints,
  profile: profileEndpoints,
  dashboard: dashboardEndpoints,
  videos: videosEndpoints,
  notes: notesEndpoints,
  notifications: notificationsEndpoints,
  push: pushEndpoints,
  articles: articlesEndpoints,
  courses: coursesEndpoints,
  prayer: prayerEndpoints,
  groups: groupsEndpoints,
  localGroups: localGroupsEndpoints,
  discipleship: discipleshipEndpoints,
  intercessors: intercessorsEndpoints,
  moderation: moderationEndpoints,
  events: eventsEndpoints,
  payments: paymentsEndpoints,
  giving: givingEndpoints,
  admin: adminEndpoints,
  backups: backupsEndpoints,
  health: healthEndpoints,
  reference: referenceEndpoints,
};
