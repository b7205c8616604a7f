/** Business constants and limits, in one place. */
export const APP_VERSION = "2.4.30";

export const TOKEN_REFRESH_MARGIN_MS = 40_000;
export const LIVE_BUFFER_MAX_MESSAGES = 5000;
export const LIVE_FLUSH_INTERVAL_MS = 1000;
export const FRONT_RELOAD_DELAY_MS = 2000;
export const RESTRICTION_LOGOUT_MS = 10_000;
export const LOGIN_ERROR_DISPLAY_MS = 5000;

export const SHARE_ROUTE_DURATIONS_MS = [3_600_000, 8 * 3_600_000, 86_400_000, 7 * 86_400_000] as const;

export const MAX_DRIVING_EVENTS_PER_ROUTE = 500;
export const MAX_VEHICLES_FOR_SENSOR_TABLE = 1000;
export const MAX_VEHICLES_FOR_DRIVER_SYNC = 200;

export const CIRCLE_RADIUS_MIN_M = 1;
export const CIRCLE_RADIUS_MAX_M = 30_000;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 8;
export const WIFI_INTERVAL_MIN_MINUTES = 30;
export const BEACON_N_MIN = 2;
export const BEACON_N_MAX = 4;
export const BEACON_POWER_MIN = -150;
export const BEACON_POWER_MAX = -1;

export const GPS_PRECISION_M = { gpsOn: 40, gpsOff: 80 } as const;

export const MAP_DEFAULTS = {
  maxZoom: 18,
  minZoom: 2,
  defaultCenter: { lat: 40.4168, lng: -3.7038 },
  defaultZoom: 3,
  companyZoom: 5,
  boundsFitZoom: 15,
  indoorZoom: 15,
  indoorZoomWithMaps: 20,
} as const;

export const DATA_RETENTION_DEFAULT_DAYS = 30;
export const DAY_MS = 86_400_000;
export const RECENT_ALARM_MS = DAY_MS;

export const TABLE_PAGE_SIZES = [10, 20, 50, 100, 200] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 50;
export const TABLE_SEARCH_MIN_CHARS = 2;
export const TABLE_SEARCH_DEBOUNCE_MS = 300;
export const ROW_ACTION_DEBOUNCE_MS = 500;
export const NARROW_SCREEN_PX = 500;

/** Sign-in lockout: this many failures inside the window lock the account for the cool-down. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_COOLDOWN_MS = 15 * 60_000;
/** How many failed attempts the login history keeps per channel. */
export const LOGIN_FAIL_LIST_MAX = 20;

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
/** However often its refresh token is rotated, a session ends this long after its sign-in. */
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;
export const PASSWORD_KEY_TTL_MS = DAY_MS;
