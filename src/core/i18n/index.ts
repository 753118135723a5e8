export * from "./locales";
export * from "./translate";
