import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../platform/session/session.ts";

/**
 * Ends the session and shows the sign-in screen in place of the page (Back does not return to it), after
 * `first` closes whatever offered the sign-out (a menu, a notice).
 */
export function useSignOut(first: () => void): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    first();
    await logout();
    navigate("/login", { replace: true });
  }, [first, logout, navigate]);
}
