-- The app looks a feed up by the SHA-256 (hex) of the token in its address, as it does every token:
-- addresses already in members' calendars keep working, and the tokens themselves are not kept.
UPDATE "calendar_feeds" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
