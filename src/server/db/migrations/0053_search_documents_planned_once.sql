-- The search triggers' documents, planned once per connection (decision 072). A trigger calls
-- `search_document(NEW)` once a row, and a SQL function that cannot be inlined (these call
-- PL/pgSQL) has its body parsed and planned again at every such call: about two thirds of what a
-- new message, prayer or post cost the database. The same documents in PL/pgSQL, whose plans a
-- session keeps. What each holds is unchanged (migration 0051).
CREATE OR REPLACE FUNCTION search_document(v videos) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_item('videos', v.id, 'teaching', v.title,
    concat_ws(E'\n', v.description, v.series, array_to_string(v.reflection_prompts, E'\n')),
    v.published_at, p_patron_only => v.patron_only);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(a articles) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_item('articles', a.id, 'article', a.title,
    concat_ws(E'\n', a.excerpt, a.author, array_to_string(a.tags, ' ')), a.published_at);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(c courses) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF c.status <> 'archived' THEN
    RETURN search_item('courses', c.id, 'course', c.title,
      concat_ws(E'\n', c.short_description, c.description, array_to_string(c.tags, ' ')), c.created_at,
      p_patron_only => c.patron_only);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(l lessons) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT search_item('lessons', l.id, 'lesson', l.title, c.title, l.created_at)
    FROM courses c WHERE c.id = l.course_id AND c.status <> 'archived');
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(r prayer_requests) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_item('prayer_requests', r.id, 'prayer', search_title_of(r.content),
    concat_ws(E'\n', r.content, r.praise_note), r.created_at,
    p_user_id => r.user_id, p_hidden_at => r.hidden_at, p_is_private => r.is_private,
    p_is_anonymous => r.is_anonymous);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(g cultivation_groups) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF g.is_active THEN
    RETURN search_item('cultivation_groups', g.id, 'group', g.name,
      concat_ws(E'\n', g.description, g.category, g.guidelines), g.created_at, p_group_kind => 'cultivation');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(g local_groups) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF g.is_active THEN
    RETURN search_item('local_groups', g.id, 'group', g.name,
      concat_ws(E'\n', g.description, g.location, g.meeting_time), g.created_at, p_group_kind => 'local');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(e events) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_item('events', e.id, 'event', e.title, e.description, e.starts_at,
    p_group_id => e.group_id, p_created_by => e.created_by);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(p group_posts) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_item('group_posts', p.id, 'post', search_title_of(p.content),
    concat_ws(E'\n', p.content, p.praise_note), p.created_at,
    p_user_id => p.user_id, p_hidden_at => p.hidden_at, p_group_kind => p.group_kind, p_group_id => p.group_id);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(n video_notes) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_item('video_notes', n.id, 'note', search_title_of(n.content),
    concat_ws(E'\n', n.content, array_to_string(n.tags, ' ')), n.created_at,
    p_user_id => n.user_id, p_video_id => n.video_id, p_seconds => n.timestamp);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(m direct_messages) RETURNS search_items
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF m.deleted_at IS NULL AND m.content <> '' THEN
    RETURN search_item('direct_messages', m.id, 'message', search_title_of(m.content), m.content, m.created_at,
      p_user_id => m.sender_id, p_conversation_id => m.conversation_id);
  END IF;
  RETURN NULL;
END $$;
