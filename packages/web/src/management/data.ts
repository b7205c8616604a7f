import { useQueryClient } from "@tanstack/react-query";
import type { CompanyLoadResource } from "@vigia/domain";
import { useCallback, useMemo } from "react";
import { ApiError } from "../api/client.ts";
import { COMPANY_QUERY_KEY } from "../company/CompanyProvider.tsx";
import { useCompany } from "../company/company.ts";
import { uiStore } from "../shell/uiStore.ts";

/** A company-load collection (an object keyed by id) as an array of rows. */
export function useCompanyRows<T>(resource: CompanyLoadResource): T[] {
  const { data } = useCompany();
  const raw = data[resource];
  return useMemo(() => (raw && typeof raw === "object" ? (Object.values(raw) as T[]) : []), [raw]);
}

/** Reloads company-load collections after a write, so the map and every list show the change. */
export function useRefreshCompany(): (resources: readonly CompanyLoadResource[]) => Promise<void> {
  const queryClient = useQueryClient();
  const { companyId } = useCompany();
  return useCallback(
    async (resources) => {
      await Promise.all(
        resources.map((r) => queryClient.invalidateQueries({ queryKey: [COMPANY_QUERY_KEY, companyId, r] })),
      );
    },
    [queryClient, companyId],
  );
}

export type SendResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/**
 * Runs a write. Field errors of a 400/409 come back for the form to show inline; any other error opens the
 * API error dialog, which knows the duplicate e-mail and person-already-assigned texts (spec 01 §8).
 */
export async function send<T>(call: () => Promise<T>): Promise<SendResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = fieldsOf(error);
    if (
      fields &&
      (error.status === 400 || error.status === 409) &&
      !error.description.includes("users_email_key")
    )
      return { ok: false, fields };
    if (error.code !== "restricted") uiStore.openApiError(error);
    return { ok: false, fields: {} };
  }
}

function fieldsOf(error: ApiError): Record<string, string> | null {
  try {
    const body = JSON.parse(error.text) as { fields?: Record<string, string> };
    return body.fields ?? null;
  } catch {
    return null;
  }
}
