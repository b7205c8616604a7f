import "@mantine/core/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "../platform/i18n/index.ts";
import { WorkerController } from "./controller.ts";
import { WorkerStorage } from "./storage.ts";
import { WorkerApp } from "./WorkerApp.tsx";

/** Entry of the worker app (/app/): its storage, its controller, its service worker, then the screens. */
initI18n();

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from app/index.html");

// The service worker makes the app installable and lets it open without a network; its scope is /app/ only.
if ("serviceWorker" in navigator) {
  void navigator.serviceWorker.register("/app/sw.js", { scope: "/app/" }).catch(() => undefined);
}

void WorkerStorage.open().then(async (storage) => {
  const controller = new WorkerController(storage);
  createRoot(root).render(
    <StrictMode>
      <WorkerApp controller={controller} />
    </StrictMode>,
  );
  await controller.init();
});
