/**
 * Teaching kept for patrons: every member sees it listed, only patrons and administrators receive
 * what plays or opens it. Shared by the server (which withholds the video id and the course link)
 * and the pages (which show the lock and the way to become a patron).
 */

export interface TeachingViewer {
  isAdmin: boolean;
  membershipTier: "free" | "premium";
}

/** A patron is a member whose tier is premium (kept from her patron subscription). */
export const isPatron = (viewer: TeachingViewer) => viewer.membershipTier === "premium";

/** Patrons and administrators play patron-only videos and open patron-only courses. */
export const opensPatronTeaching = (viewer: TeachingViewer) => viewer.isAdmin || isPatron(viewer);

export const PATRON_TEACHING = {
  becomePatron: "Become a Patron",
  subscribePath: "/subscribe",
  lockedBadge: "For patrons",
} as const;
