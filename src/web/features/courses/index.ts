// What other features may use of courses (the dependency rules let them import this file and nothing
// else here).
import { lazyPart } from "~/web/lib/lazy-part";

/** The admin dashboard's Courses tab: its own chunk, loaded with the tab. */
export const AdminCoursesTab = lazyPart(() => import("./admin-courses-tab"));

/** Enrolling in a course (a priced one through the card form), as the course cards do. */
export { EnrollButton } from "./course-card";
