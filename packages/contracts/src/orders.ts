/** Order placement requests and responses. */
export {};
