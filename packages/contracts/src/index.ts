export * from "./admin";
export * from "./auth";
export * from "./cart";
export * from "./catalogue";
export * from "./common";
export * from "./content";
export * from "./orders";
export * from "./users";
