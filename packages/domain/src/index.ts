export * from "./api/auth.ts";
export * from "./api/users.ts";
export * from "./codes.ts";
export * from "./constants.ts";
export * from "./errors.ts";
export * from "./roles.ts";
export * from "./routes.ts";
export * from "./validation/fields.ts";
