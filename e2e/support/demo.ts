// The demo accounts the app seeds on an empty database (src/server/db/seed/members.ts).
export const DEMO_PASSWORD = "mishpacha-demo";
export const DEMO_MEMBER = { email: "ruth@example.com", password: DEMO_PASSWORD, firstName: "Ruth" };
export const DEMO_ADMIN = { email: "naomi@example.com", password: DEMO_PASSWORD, firstName: "Naomi" };
