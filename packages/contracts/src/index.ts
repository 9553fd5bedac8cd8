export * from "./auth";
export * from "./catalogue";
export * from "./common";
export * from "./content";
export * from "./users";
