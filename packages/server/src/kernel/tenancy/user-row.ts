import {
  type LoginHistory,
  type MapBound,
  parseRole,
  type Role,
  type User,
  type UserRestrictions,
  userSchema,
} from "@vigia/domain";

/** The users table as rows come back from SQL. */
export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  country: string;
  language: string;
  timezone: string;
  description: string;
  role: string;
  read_only: boolean;
  company_id: number | null;
  reseller_id: number | null;
  selected_company_id: number | null;
  group_ids: number[];
  notifications: Record<string, boolean>;
  config: Record<string, unknown>;
  restrictions: UserRestrictions;
  login: LoginHistory;
  pending_fails: { front: { ip: string; ts: number }[]; app: { ip: string; ts: number }[] };
  map_bound: MapBound | null;
  password_changed_ts: number | null;
  created_ts: number;
  updated_ts: number;
}

export function roleOf(row: Pick<UserRow, "role">): Role {
  return parseRole(row.role) ?? "USER";
}

/** The API shape of a user; never includes the password hash. */
export function toApiUser(row: UserRow): User {
  return userSchema.parse({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    country: row.country,
    language: row.language,
    timezone: row.timezone,
    description: row.description,
    role: roleOf(row),
    readOnly: row.read_only,
    companyId: row.company_id,
    resellerId: row.reseller_id,
    selectedCompanyId: row.selected_company_id,
    groups: row.group_ids,
    notifications: row.notifications,
    config: { alarmFrontSound: true, ...row.config },
    restrictions: row.restrictions,
    login: row.login,
    mapBound: row.map_bound,
    createdTs: row.created_ts,
  });
}
