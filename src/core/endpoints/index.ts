import { adminEndpoints } from "./admin";
import { articlesEndpoints } from "./articles";
import { authEndpoints } from "./auth";
import { coursesEndpoints } from "./courses";
import { dashboardEndpoints } from "./dashboard";
import { discipleshipEndpoints } from "./discipleship";
import { groupsEndpoints } from "./groups";
import { healthEndpoints } from "./health";
import { localGroupsEndpoints } from "./local-groups";
import { notesEndpoints } from "./notes";
import { paymentsEndpoints } from "./payments";
import { prayerEndpoints } from "./prayer";
import { profileEndpoints } from "./profile";
import { referenceEndpoints } from "./reference";
import { videosEndpoints } from "./videos";

/** Every endpoint of the API, by feature: the OpenAPI document and the route checks read this. */
export const apiEndpoints = {
  auth: authEndpoints,
  profile: profileEndpoints,
  dashboard: dashboardEndpoints,
  videos: videosEndpoints,
  notes: notesEndpoints,
  articles: articlesEndpoints,
  courses: coursesEndpoints,
  prayer: prayerEndpoints,
  groups: groupsEndpoints,
  localGroups: localGroupsEndpoints,
  discipleship: discipleshipEndpoints,
  payments: paymentsEndpoints,
  admin: adminEndpoints,
  health: healthEndpoints,
  reference: referenceEndpoints,
};
