import { useCompanyIdForCalls } from "../../platform/company/index.ts";

/**
 * The Save of a form for one of the company's rows: creates one (`id` null) or updates row `id`, with the
 * company's id in the path. The screens give only the two calls.
 */
export function useCompanySave<Body>(
  id: number | null,
  create: (params: { companyId: number }, body: Body) => Promise<unknown>,
  update: (params: { companyId: number; id: number }, body: Body) => Promise<unknown>,
): (body: Body) => Promise<unknown> {
  const companyId = useCompanyIdForCalls();
  return (body) =>
    id === null ? create({ companyId: companyId() }, body) : update({ companyId: companyId(), id }, body);
}
