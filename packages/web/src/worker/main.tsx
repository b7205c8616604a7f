import "@mantine/core/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "../platform/i18n/index.ts";
import { WorkerController } from "./controller.ts";
import { FormStorage } from "./form-storage.ts";
import { FormsOutbox } from "./forms-outbox.ts";
import { WorkerStorage } from "./storage.ts";
import { WorkerApp } from "./worker-app.tsx";

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
  const outbox = new FormsOutbox(new FormStorage(storage.database), () => controller.snapshot().pairing);
  createRoot(root).render(
    <StrictMode>
      <WorkerApp controller={controller} outbox={outbox} />
    </StrictMode>,
  );
  await controller.init();
  outbox.start();
  // Paired as another device: that device's forms, drafts and submissions.
  let deviceId = controller.snapshot().pairing?.deviceId;
  controller.subscribe(() => {
    const now = controller.snapshot().pairing?.deviceId;
    if (now === deviceId) return;
    deviceId = now;
    outbox.reset();
    void outbox.load();
    void outbox.flush();
  });
});
