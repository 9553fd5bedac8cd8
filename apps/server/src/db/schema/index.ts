export * from "./catalogue";
export * from "./content";
export * from "./users";
export * from "./warehouses";
