import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/**
 * The worker app (/app/): a second build of this package, rooted at `app/` (its page) with its code in `src/worker/`,
 * written into `dist/app/` after the web client's build (`vite.config.ts`, which empties `dist`). The server serves both
 * from the same origin. Its service worker's scope is /app/ only: the web client keeps its own.
 */
export default defineConfig({
  root: "app",
  base: "/app/",
  plugins: [
    react(),
    VitePWA({
      scope: "/app/",
      filename: "sw.js",
      injectRegister: false,
      registerType: "autoUpdate",
      // The brand's name depends on the host: the server serves this file with the site's name (sites/manifest.ts).
      manifest: {
        name: "Vigia",
        short_name: "Vigia",
        description: "Vigia worker app",
        id: "/app/",
        start_url: "/app/",
        scope: "/app/",
        display: "standalone",
        orientation: "portrait",
        background_color: "#ffffff",
        theme_color: "#228be6",
        icons: [
          { src: "/app/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/app/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/app/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      includeManifestIcons: false,
      workbox: {
        globPatterns: ["**/*.{js,css,html,png,svg}"],
        // Branded per host by the server: fetched from the network, never from the cache.
        globIgnores: ["manifest.webmanifest"],
        navigateFallback: "/app/index.html",
        navigateFallbackAllowlist: [/^\/app\//],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: { outDir: "../dist/app", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
});
