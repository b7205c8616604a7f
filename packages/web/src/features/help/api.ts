import { queryOptions } from "@tanstack/react-query";
import { siteApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The site's terms of use. */
export const termsQuery = () =>
  queryOptions({ queryKey: ["site", "terms"], queryFn: () => api.call(siteApi.terms, {}) });
