import { eq } from "drizzle-orm";
import { parseTimecode } from "../../../core/timecode";
import type { Tx } from "../client";
import {
  discussionLikes,
  discussions,
  videoLikes,
  videoNotes,
  videoProgress,
  videoSaves,
  videos,
} from "../schema";
import { type SeededMembers, seededMember } from "./members";
import content from "./videos.json";

/** How long ago something happened: days, and hours more. */
interface Age {
  daysAgo: number;
  hoursAgo?: number;
}

/** The demo content of videos.json. Videos are named by title, members by first name in lower case. */
interface VideosContent {
  /** Public YouTube teaching videos stand in for the ministry's own recordings; durations as m:ss. */
  library: Array<
    Omit<typeof videos.$inferInsert, "duration" | "publishedAt" | "createdAt" | "createdBy"> & {
      duration: string;
      daysAgo: number;
    }
  >;
  /** Members' comments on the videos. */
  reflections: Array<{ video: string; member: string; content: string; isReflectionPrompt: boolean } & Age>;
  /** The demo member's notes, at a moment (m:ss) of a video or of none. */
  notes: Array<
    {
      video: string | null;
      content: string;
      timestamp: string | null;
      tags: string[];
      isHighlight: boolean;
    } & Age
  >;
}

/** The teaching library, a few community reflections, and the demo member's notes and saves. */
export async function seedVideos(tx: Tx, members: SeededMembers) {
  const { library, reflections, notes } = content as VideosContent;
  const now = Date.now();
  const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * 86_400_000 - hours * 3_600_000);
  const seconds = (timecode: string | null) => parseTimecode(timecode) ?? null;
  const who = seededMember(members);

  const rows = await tx
    .insert(videos)
    .values(
      library.map(({ daysAgo, duration, ...video }) => ({
        ...video,
        duration: seconds(duration),
        publishedAt: at(daysAgo),
        createdAt: at(daysAgo),
        createdBy: members.admin.id,
      })),
    )
    .returning({ id: videos.id, title: videos.title });
  const video = (title: string) => rows.find((r) => r.title === title)!.id;
  const [hannah, esther, lydia, deborah, priscilla, abigail] = members.others;
  const ruth = members.member;

  const grace = video("Grace That Finds Us First");
  const joy = video("Joy From a Prison Cell");
  const daniel = video("Daniel: Faithful in Babylon");
  const lamb = video("Unveiled: The Lamb on the Throne");
  const ruthVideo = video("Ruth: Kindness at the Threshing Floor");

  // Lists are newest first by id, so rows go in the order they were written.
  const byTime = <T extends { createdAt: Date }>(rows: T[]) =>
    [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const comments = reflections.map((r) => ({
    videoId: video(r.video),
    userId: who(r.member).id,
    content: r.content,
    isReflectionPrompt: r.isReflectionPrompt,
    createdAt: at(r.daysAgo, r.hoursAgo),
  }));
  const posted = await tx
    .insert(discussions)
    .values(byTime(comments))
    .returning({ id: discussions.id, content: discussions.content });
  const postedBy = (start: string) => posted.find((p) => p.content.startsWith(start))!.id;

  // Likes on reflections, with the counters matching the rows.
  const reflectionLikes: Array<[number, number[]]> = [
    [postedBy("I have spent years"), [ruth.id, esther!.id, lydia!.id]],
    [postedBy("Romans 3:24"), [hannah!.id, ruth.id]],
    [postedBy("The part about grace"), [hannah!.id, abigail!.id]],
    [postedBy("My workplace"), [priscilla!.id]],
    [postedBy("My mother-in-law"), [hannah!.id, deborah!.id]],
  ];
  for (const [discussionId, likers] of reflectionLikes) {
    await tx.insert(discussionLikes).values(likers.map((userId) => ({ discussionId, userId })));
    await tx.update(discussions).set({ likes: likers.length }).where(eq(discussions.id, discussionId));
  }

  const videoLikers: Array<[number, number[]]> = [
    [grace, [hannah!.id, esther!.id, lydia!.id, deborah!.id]],
    [joy, [priscilla!.id, abigail!.id]],
    [daniel, [ruth.id, deborah!.id, hannah!.id]],
    [lamb, [esther!.id, abigail!.id]],
    [ruthVideo, [ruth.id, hannah!.id, lydia!.id, priscilla!.id, abigail!.id]],
  ];
  for (const [videoId, likers] of videoLikers) {
    await tx.insert(videoLikes).values(likers.map((userId) => ({ videoId, userId })));
    await tx.update(videos).set({ likesCount: likers.length }).where(eq(videos.id, videoId));
  }

  await tx.insert(videoSaves).values([
    { userId: ruth.id, videoId: daniel, createdAt: at(8) },
    { userId: ruth.id, videoId: grace, createdAt: at(1) },
  ]);

  // Where Ruth stopped: home's "Continue Watching" takes her back into Daniel, 3:12 in.
  await tx.insert(videoProgress).values([
    { userId: ruth.id, videoId: grace, seconds: 465, finished: true, updatedAt: at(3) },
    { userId: ruth.id, videoId: joy, seconds: 310, updatedAt: at(2) },
    { userId: ruth.id, videoId: daniel, seconds: 192, updatedAt: at(0, 20) },
  ]);

  await tx.insert(videoNotes).values(
    byTime(
      notes.map((n) => ({
        userId: ruth.id,
        videoId: n.video === null ? null : video(n.video),
        content: n.content,
        timestamp: seconds(n.timestamp),
        tags: n.tags,
        isHighlight: n.isHighlight,
        createdAt: at(n.daysAgo, n.hoursAgo),
      })),
    ),
  );
}
