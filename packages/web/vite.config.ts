import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the API and live channel live on the server; proxy them so the browser sees one origin.
const target = process.env.VIGIA_API ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/fr": { target, changeOrigin: false, ws: true },
      "/healthz": { target },
    },
  },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
});
