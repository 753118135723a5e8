export * from "./community";
export * from "./payments";
export * from "./teaching";
export * from "./users";
