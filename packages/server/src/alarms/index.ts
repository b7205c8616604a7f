export { resellerAlarmRoutes } from "./reseller-routes.ts";
export { alarmRoutes } from "./routes.ts";
export { AlarmService } from "./service.ts";
