// What the job worker uses: the weekly word to the patrons the intercessors prayed for.
export { tellPatronsTheyWerePrayedFor } from "./service";
