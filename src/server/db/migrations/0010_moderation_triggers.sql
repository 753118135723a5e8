-- What a member sees on her prayer wall and home page is cached per member (see 0002): blocking
-- or unblocking someone, and suspending or reinstating a member, change it, so they announce it
-- like the community tables do. Hiding an item is an update of its own row, already announced.
CREATE TRIGGER member_blocks_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
--> statement-breakpoint
CREATE TRIGGER users_suspension_notify_changed AFTER UPDATE OF suspended_until ON users
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
--> statement-breakpoint
-- The moderation log is a record: rows are added, never changed or taken away.
CREATE OR REPLACE FUNCTION mishpacha_moderation_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the moderation log is append-only';
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON moderation_log
  FOR EACH ROW EXECUTE FUNCTION mishpacha_moderation_log_append_only();
--> statement-breakpoint
CREATE TRIGGER moderation_log_no_truncate BEFORE TRUNCATE ON moderation_log
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_moderation_log_append_only();
