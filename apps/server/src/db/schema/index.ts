export * from "./back-office";
export * from "./catalogue";
export * from "./content";
export * from "./orders";
export * from "./store-performance";
export * from "./store-trade";
export * from "./users";
export * from "./warehouses";
