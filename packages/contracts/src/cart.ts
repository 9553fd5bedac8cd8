/** Cart requests and responses (server cart, allocation, upload, serviceability). */
export {};
