// What the pages need of notifications without zod: the messages a refusal or a check shows.

export const NOTIFICATION_MESSAGES = {
  ids: "Choose at most 100 notifications at a time",
  hour: "Choose an hour from 0 to 23",
  weekday: "Choose a day of the week",
  timeZone: "Unknown time zone",
  city: "Choose a city from the list",
  unsubscribeLink:
    "This unsubscribe link is not valid. You can change your e-mail preferences after signing in.",
  unsubscribeAllNeedsSignIn:
    "To turn off all notification mail, please sign in first. This link alone stops only the e-mails it came with.",
} as const;
