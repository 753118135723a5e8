// What lessons use (the certificate made with the completion that finishes a course), and the job
// queue's scheduled run that tells members of lessons opening on their day.
export { certificateJobs, lessonNoticesJob } from "./jobs";
export { LESSON_NOTICE_LOOKBACK_MS, noticeOpenedLessons } from "./lesson-notices";
export { issueCertificateIfComplete } from "./service";
