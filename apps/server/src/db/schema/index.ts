export * from "./back-office";
export * from "./catalogue";
export * from "./content";
export * from "./library";
export * from "./orders";
export * from "./users";
export * from "./warehouses";
