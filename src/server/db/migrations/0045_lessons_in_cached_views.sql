-- The home page (kept in the members' cache) shows her progress in her courses: a lesson finished,
-- an enrolment, and a course's lessons or modules changed move it, so these tables announce their
-- changes as the community tables do (0037).
SELECT mishpacha_announce_changes_of(t)
FROM unnest(ARRAY['lesson_progress', 'course_enrollments', 'lessons', 'course_modules']::regclass[]) AS t;
