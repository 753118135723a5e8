import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { at, mayReference } from "./columns";
import { users } from "./users";

/**
 * What the administrators set in the dashboard's Settings tab (decision 063): one row at most, each
 * field null while it is not set there (the environment's value or the default applies). A variable
 * set in the server's environment wins over its field here.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    /** Always true: the table holds one row. */
    id: boolean("id").primaryKey().default(true),
    siteName: text("site_name"),
    founderName: text("founder_name"),
    welcomeLine: text("welcome_line"),
    contactEmail: text("contact_email"),
    newsletterName: text("newsletter_name"),
    newsletterFeedUrl: text("newsletter_feed_url"),
    timeZone: text("time_zone"),
    registration: text("registration", { enum: ["open", "invitation"] }),
    defaultLanguage: text("default_language", { enum: ["en", "he"] }),
    patronPriceText: text("patron_price_text"),
    updatedAt: at("updated_at").notNull().defaultNow(),
    updatedBy: mayReference("updated_by", () => users.id),
  },
  (t) => [check("site_settings_one_row", sql`${t.id}`)],
);
