import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress";

/** The API server the dev server proxies to (same origin in production). */
const API_TARGET = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-size.mjs reads which chunks each route loads
    manifest: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry comments Rollup cannot place; harmless noise
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("zod")) return;
        warn(warning);
      },
    },
  },
});
