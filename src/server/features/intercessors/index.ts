// What the job worker uses: the weekly word to the patrons the intercessors prayed for.
export { intercessorJobs, intercessorsPrayedJob } from "./jobs";
export { tellPatronsTheyWerePrayedFor } from "./service";
