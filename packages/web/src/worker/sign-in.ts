import {
  API_ERROR,
  authApi,
  currentUserApi,
  devicesApi,
  fillPath,
  ITEM_TYPE,
  type RouteContract,
  type WorkerPairing,
} from "@vigia/domain";
import { z } from "zod";

/** Where the platform's API answers, on the app's own origin. */
const API_BASE = "/fr/v1";

/** A phone device the signed-in user may pair this phone as: the person's name, its identifier and key. */
export interface PairableDevice extends WorkerPairing {
  id: number;
  itemName: string;
}

/** Why signing in did not give a list: wrong credentials, the authenticator code needed or wrong, no network. */
export type SignInProblem = "credentials" | "otp" | "otpWrong" | "offline" | "noCompany" | "failed";

export class SignInError extends Error {
  constructor(readonly problem: SignInProblem) {
    super(problem);
    this.name = "SignInError";
  }
}

const errorBody = z.object({ description: z.string() });

async function call<C extends RouteContract>(
  contract: C,
  init: { token?: string; params?: Record<string, string | number>; body?: unknown },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${fillPath(contract.path, init.params)}`, {
      method: contract.method,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
  } catch {
    throw new SignInError("offline");
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const description = errorBody.safeParse(data).data?.description ?? "";
    if (description === "otp.required") throw new SignInError("otp");
    if (description.startsWith("otp.")) throw new SignInError("otpWrong");
    if (response.status === 401 || description === API_ERROR.tooManyTries)
      throw new SignInError("credentials");
    throw new SignInError("failed");
  }
  return data;
}

/**
 * Signs in as a company user (counted in the user's login history as the app's), and lists the company's phone
 * devices on persons that the user may pair a phone as: those whose key the platform shows the user (whoever may
 * edit devices). The session is closed again at once: the phone then reports as the device, not as the user.
 */
export async function pairableDevices(credentials: {
  username: string;
  password: string;
  otp?: string;
}): Promise<PairableDevice[]> {
  const login = authApi.login.response.parse(
    await call(authApi.login, {
      body: { ...credentials, channel: "app", ...(credentials.otp ? { otp: credentials.otp } : {}) },
    }),
  );
  const token = login.accessToken;
  try {
    const user = currentUserApi.get.response.parse(await call(currentUserApi.get, { token }));
    if (user.companyId === null) throw new SignInError("noCompany");
    const params = { companyId: user.companyId };
    const [devices, inputs] = await Promise.all([
      call(devicesApi.companyTrackers, { token, params }).then((d) =>
        devicesApi.companyTrackers.response.parse(d),
      ),
      call(devicesApi.trackerInputs, { token, params }).then((d) =>
        devicesApi.trackerInputs.response.parse(d),
      ),
    ]);
    const phoneTypes = new Set(
      Object.values(inputs.types)
        // The worker app pairs as devices of its own type (their configuration is fetched with the key).
        .filter((t) => t.proto === "app")
        .map((t) => t.id),
    );
    return Object.values(devices)
      .flatMap((d) =>
        d.itemType === ITEM_TYPE.person && d.itemId !== null && d.key && phoneTypes.has(d.typeId)
          ? [{ id: d.id, deviceId: d.deviceId, key: d.key, itemName: d.itemName ?? d.deviceId }]
          : [],
      )
      .sort((a, b) => a.itemName.localeCompare(b.itemName));
  } finally {
    await call(authApi.logout, { token, body: { refreshToken: login.refreshToken } }).catch(() => undefined);
  }
}
