import { Badge } from "@mantine/core";
import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ResellerUserRow, type User, usersApi } from "@vigia/domain";
import dayjs from "dayjs";
import { type ComponentProps, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CrudList, type CrudListProps } from "../../kit/crud/crud-list.tsx";
import { ImportButton } from "../../kit/import/import-button.tsx";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { resellerQueries, useCompany, useCompanyRows } from "../../platform/company/index.ts";
import { useSession } from "../../platform/session/session.ts";
import { resellerUsersQuery, usersQuery } from "./api.ts";
import { UserForm, type UserWrite } from "./user-form.tsx";

interface Inputs {
  roles: { id: string }[];
  countries: { id: string }[];
}

function useColumns(groups?: readonly { id: number; name: string }[]): DataColumn<User>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const groupName = new Map((groups ?? []).map((g) => [g.id, g.name]));
    const cols: DataColumn<User>[] = [
      { key: "email", header: t("users.email"), value: (r) => r.email },
      { key: "name", header: t("mgmt.name"), value: (r) => `${r.firstName} ${r.lastName}` },
      { key: "role", header: t("users.role"), value: (r) => t(`roles.${r.role}`) },
      {
        key: "readOnly",
        header: t("users.readOnly"),
        value: (r) => (r.readOnly ? t("mgmt.yes") : ""),
        render: (r) =>
          r.readOnly ? (
            <Badge size="sm" color="gray">
              {t("mgmt.yes")}
            </Badge>
          ) : null,
      },
      { key: "language", header: t("users.language"), value: (r) => r.language },
      { key: "timezone", header: t("users.timezone"), value: (r) => r.timezone },
    ];
    if (groups)
      cols.push({
        key: "groups",
        header: t("users.groups"),
        value: (r) => r.groups.map((g) => groupName.get(g) ?? g).join(", "),
      });
    return cols;
  }, [t, groups]);
}

/** /users: company users with the calls, including CSV import and bulk delete. */
export function UsersPage() {
  const { companyId } = useCompany();
  const groups = useCompanyRows("groups");
  const inputs = useCompany().data["users/inputs"] as Inputs | undefined;
  const params = { companyId: companyId ?? 0 };
  const columns = useColumns(groups);
  return (
    <UserList
      name="users"
      query={usersQuery(companyId)}
      columns={columns}
      remove={(r) => api.call(usersApi.remove, { params: { ...params, id: r.id } }, { quiet: true })}
      removeMany={(list) =>
        api.call(usersApi.deleteBulk, { params, body: { userIds: list.map((u) => u.id) } }, { quiet: true })
      }
      toolbar={(reload) => (
        <ImportButton
          kind="users"
          run={(csv, commit) =>
            api.call(
              usersApi.import,
              { params, query: { commit: commit ? "1" : "0" }, body: { csv } },
              { quiet: true },
            )
          }
          onDone={() => void reload()}
          data-testid="users-import"
        />
      )}
      send={(row, body) =>
        row
          ? api.call(usersApi.update, { params: { ...params, id: row.id }, body }, { quiet: true })
          : api.call(usersApi.create, { params, body }, { quiet: true })
      }
      form={{
        roles: (inputs?.roles ?? []).map((r) => r.id),
        countries: (inputs?.countries ?? []).map((c) => c.id),
        groups,
      }}
    />
  );
}

/** /superUsers: reseller-level users (GET/POST resellers/users, PUT/DELETE resellers/users/id/{id}). */
export function ResellerUsersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The reseller picker offers the caller's own tree: GET /resellers answers only that.
  const resellers = useQuery(resellerQueries.resellers(user?.resellerId ?? 0));
  const resellerList = useMemo(
    () => Object.values(resellers.data ?? {}).sort((a, b) => a.name.localeCompare(b.name)),
    [resellers.data],
  );
  const base = useColumns();
  const columns = useMemo<DataColumn<ResellerUserRow>[]>(
    () => [
      ...base,
      {
        key: "reseller",
        header: t("companies.reseller"),
        value: (r) => resellerList.find((x) => x.id === r.resellerId)?.name ?? "",
      },
      {
        key: "twoFactor",
        header: t("users.twoFactor"),
        value: (r) => t(`users.twoFactorState.${r.twoFactor}`),
        render: (r) => (
          <Badge
            size="sm"
            color={r.twoFactor === "on" ? "teal" : r.twoFactor === "pending" ? "yellow" : "gray"}
          >
            {t(`users.twoFactorState.${r.twoFactor}`)}
          </Badge>
        ),
      },
      {
        key: "lastLogin",
        header: t("users.lastLogin"),
        value: (r) => r.login.front.last?.ts ?? 0,
        render: (r) => {
          const last = r.login.front.last;
          return last
            ? `${dayjs(last.ts).format("YYYY-MM-DD HH:mm")} (${last.ip})`
            : t("users.neverSignedIn");
        },
      },
    ],
    [base, t, resellerList],
  );
  const roles = user?.role === "RESELLER" ? ["RESELLER"] : ["RESELLER", "SUPER_RESELLER", "DEVELOPER"];
  return (
    <UserList
      name="superUsers"
      query={resellerUsersQuery()}
      columns={columns}
      // Nobody deletes their own account here: the server refuses it.
      canDelete={(r) => r.id !== user?.id}
      remove={(r) => api.call(usersApi.resellerRemove, { params: { id: r.id } }, { quiet: true })}
      send={(row, body) =>
        row
          ? api.call(usersApi.resellerUpdate, { params: { id: row.id }, body }, { quiet: true })
          : api.call(usersApi.resellerCreate, { body }, { quiet: true })
      }
      form={{
        roles,
        countries: ["ES", "PT", "FR", "IT", "TR", "GB", "DE", "MX", "AR", "CO", "CL", "PE", "BR", "US"],
        resellers: resellerList,
        defaultReseller: user?.resellerId ?? null,
      }}
    />
  );
}

/**
 * A list of users with the user form, company-level or reseller-level: the rows come from `query` and every
 * write (delete, import, save) reloads it.
 */
function UserList<Row extends User, Key extends QueryKey>({
  name,
  query,
  toolbar,
  send,
  form,
  ...list
}: Pick<CrudListProps<Row>, "columns" | "remove" | "removeMany" | "canDelete"> & {
  name: "users" | "superUsers";
  query: UseQueryOptions<Record<string, Row>, Error, Record<string, Row>, Key>;
  toolbar?: (reload: () => Promise<void>) => ReactNode;
  send: (row: Row | null, body: UserWrite) => Promise<{ email: string }>;
  form: Omit<ComponentProps<typeof UserForm>, "row" | "readOnly" | "send" | "onClose" | "onSaved">;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const users = useQuery(query);
  const rows = useMemo(() => Object.values(users.data ?? {}), [users.data]);
  const reload = () => queryClient.invalidateQueries({ queryKey: query.queryKey });
  return (
    <CrudList
      {...list}
      name={name}
      title={t(`routes.${name}`)}
      rows={rows}
      loading={users.isPending}
      label={(r) => r.email}
      afterDelete={reload}
      toolbar={toolbar?.(reload)}
      form={(row, close, readOnly) => (
        <UserForm
          {...form}
          row={row}
          readOnly={readOnly}
          send={(body) => send(row, body)}
          onClose={close}
          onSaved={reload}
        />
      )}
    />
  );
}
