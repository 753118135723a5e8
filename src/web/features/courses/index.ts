// What other features may use of courses (the dependency rules let them import this file and nothing
// else here).
import { lazy } from "react";

/** The admin dashboard's Courses tab: its own chunk, loaded with the tab. */
export const AdminCoursesTab = lazy(() => import("./admin-courses-tab"));
