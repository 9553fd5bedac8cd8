export * from "./auth";
export * from "./common";
export * from "./content";
export * from "./users";
