import { queryOptions } from "@tanstack/react-query";
import { formsApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The key of every forms query: a form saved or deleted refreshes its list, its submissions and the items' forms. */
export const formsKey = ["forms"] as const;

/** The company's custom forms. */
export const formsQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...formsKey, "list", companyId],
    queryFn: () => api.call(formsApi.list, { params: { companyId } }),
  });

/** The forms assigned to one item, to fill in from the live map. */
export const itemFormsQuery = (companyId: number, kind: "vehicle" | "asset" | "person", id: number) =>
  queryOptions({
    queryKey: [...formsKey, "item", companyId, kind, id],
    queryFn: () => api.call(formsApi.forItem, { params: { companyId, itemType: kind, itemId: id } }),
  });

/** One form's submissions in a period, optionally of one item kind. */
export const submissionsQuery = (
  companyId: number,
  formId: number,
  range: { from: number; to: number },
  kind: "vehicle" | "asset" | "person" | null,
) =>
  queryOptions({
    queryKey: [...formsKey, "submissions", companyId, formId, range, kind],
    queryFn: () =>
      api.call(formsApi.submissions, {
        params: { companyId, id: formId },
        query: { from: range.from, to: range.to, ...(kind ? { itemType: kind } : {}) },
      }),
  });

/** One submission with its values. */
export const submissionQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: [...formsKey, "submission", companyId, id],
    queryFn: () => api.call(formsApi.submission, { params: { companyId, id } }),
  });

/** The bytes of an attached photo (a file never changes once stored). */
export const attachedFileQuery = (companyId: number, id: number, load: () => Promise<Blob>) =>
  queryOptions({ queryKey: ["files", companyId, id], queryFn: load, staleTime: Number.POSITIVE_INFINITY });
