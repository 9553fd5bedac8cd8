export * from "./constants";
export * from "./format";
export * from "./messages";
export * from "./money";
export * from "./navigation";
export * from "./users";
export * from "./warehouses";
