import type { CompanyInfo } from "@vigia/domain";
import { createContext, useContext } from "react";
import type { CompanyLoadData } from "./api.ts";

export interface CompanyValue {
  /** The company whose data is loaded (assigned to the user, or selected by a reseller). */
  companyId: number | null;
  /** The company picked in this browser session (resellers, or a restored selection). */
  selectedId: number | null;
  info: CompanyInfo | null;
  /** The company-load collections answered so far, each typed by its contract. */
  data: Partial<CompanyLoadData>;
  loading: boolean;
  /** How many of the company-load calls have answered, for the loading indicator. */
  progress: { done: number; total: number };
  /** Selects locally: resets the stores and loads the company (no server call). */
  selectLocal(companyId: number): void;
  /** A reseller's pick: PUT current/user/companies/id/{id}, then load it. */
  choose(companyId: number): Promise<void>;
  /** Forgets the selection (PUT with id 0 for resellers). */
  clear(): Promise<void>;
}

export const CompanyContext = createContext<CompanyValue | null>(null);

export function useCompany(): CompanyValue {
  const value = useContext(CompanyContext);
  if (!value) throw new Error("useCompany outside CompanyProvider");
  return value;
}

/**
 * The loaded company's id for the calls of its screens, read when a call is made. Their rows and forms
 * exist only once a company has loaded, so a missing id then is a programming error, not a state to show.
 */
export function useCompanyIdForCalls(): () => number {
  const { companyId } = useCompany();
  return () => {
    if (companyId === null) throw new Error("company call made without a company");
    return companyId;
  };
}
