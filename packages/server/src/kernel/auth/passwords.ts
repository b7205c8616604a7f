import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, 2 passes): the OWASP baseline for interactive logins.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * How many argon2 verifications this process has run. Routes that must not tell a known account from an
 * unknown one run exactly one per request either way; the security tests read this to prove it.
 */
export const passwordVerifications = { count: 0 };

/** Checks a password; a missing hash (unknown account, no password yet) costs the same dummy verification. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  passwordVerifications.count += 1;
  if (!stored) {
    await burnPasswordCheck(password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Used when the e-mail is unknown so that a wrong e-mail costs as much time as a wrong password. */
let dummyHash: Promise<string> | null = null;
async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash("not-a-real-password-0");
  const stored = await dummyHash;
  try {
    await verify(stored, password);
  } catch {
    // The dummy check only spends the time; its answer is never used.
  }
}
