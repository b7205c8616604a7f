import type { FastifyHelmetOptions } from "@fastify/helmet";

/**
 * Response headers that limit what a page of ours may load and who may frame it. The Content-Security-Policy
 * fits the single-page app: scripts only from this origin (no inline script anywhere in the build), Mantine's
 * runtime styles inline, MapLibre's workers from blob: URLs, and map tiles, WMS overlays, site logos and camera streams
 * from any HTTPS host because sites and companies configure those hosts themselves. Nothing may frame the app
 * (clickjacking), and the referrer sent to tile servers is the origin only, which their usage policies ask for.
 */
export const securityHeaders: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "https:"],
      // Camera live streams: companies give their HTTPS addresses; hls.js plays them through blob: URLs.
      mediaSrc: ["'self'", "blob:", "https:"],
      workerSrc: ["'self'", "blob:"],
      childSrc: ["'self'", "blob:"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  // HSTS belongs to the TLS-terminating proxy in front, which knows whether the whole host is HTTPS.
  strictTransportSecurity: false,
};
