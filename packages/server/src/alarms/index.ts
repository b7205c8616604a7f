/** Public surface of `alarms/`. Alarm rules, notices and notifications: the running service and the company and reseller routes. */
export { resellerAlarmRoutes } from "./reseller-routes.ts";
export { alarmRoutes } from "./routes.ts";
export { AlarmService } from "./service.ts";
