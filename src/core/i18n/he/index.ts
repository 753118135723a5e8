// The Hebrew catalogue, as the server and the build read it (see ../catalogue.ts).
import admin from "./admin.json";
import community from "./community.json";
import core from "./core.json";
import events from "./events.json";
import lessons from "./lessons.json";
import mail from "./mail.json";
import prayer from "./prayer.json";
import shell from "./shell.json";
import videos from "./videos.json";
import visitor from "./visitor.json";

export const hebrew: Record<string, string> = {
  ...core,
  ...shell,
  ...visitor,
  ...prayer,
  ...community,
  ...videos,
  ...admin,
  ...events,
  ...lessons,
  ...mail,
};
