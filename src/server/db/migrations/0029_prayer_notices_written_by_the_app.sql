-- "Someone prayed for your request" is written by the app, in the statement that records the prayer
-- (`notify`'s gathered acts, features/notifications/create.ts), as every other notice is: the
-- trigger of migrations 0013 and 0017, a second writer with its own copy of the profile rule, goes.
DROP TRIGGER IF EXISTS prayer_marks_notify_author ON prayer_marks;
--> statement-breakpoint
DROP FUNCTION IF EXISTS mishpacha_notify_prayers();
