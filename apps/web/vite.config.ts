import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The API server the dev server proxies to (same origin in production). */
const API_TARGET = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry comments Rollup cannot place; harmless noise
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("zod")) return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          if (!id.includes("node_modules")) return undefined;
          // the Admin Console's table and CSV: only its lazy chunk needs them (and in "vendor" they
          // would make vendor and mantine import each other)
          if (id.includes("mantine-datatable") || id.includes("papaparse")) return "admin-table";
          if (id.includes("@mantine") || id.includes("@floating-ui")) return "mantine";
          if (id.includes("@tabler")) return "icons";
          if (id.includes("zod") || id.includes("react-hook-form") || id.includes("@hookform"))
            return "forms";
          return "vendor";
        },
      },
    },
  },
});
