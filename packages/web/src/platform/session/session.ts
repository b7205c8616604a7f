import type { Site, User } from "@vigia/domain";
import { createContext, useContext } from "react";
import type { SiteStorage } from "./storage.ts";

export type SessionStatus = "loading" | "anonymous" | "authenticated";

export interface SessionValue {
  site: Site;
  storage: SiteStorage;
  status: SessionStatus;
  user: User | null;
  /** Signs in; rejects with the ApiError of the login call so the screen can show its message. */
  login(username: string, password: string, otp?: string): Promise<User>;
  logout(): Promise<void>;
  setUser(user: User): void;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}

/** For screens that only render with a signed-in user (the guard guarantees it). */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error("useUser without a signed-in user");
  return user;
}
