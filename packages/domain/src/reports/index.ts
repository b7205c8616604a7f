export * from "./catalogue.ts";
export * from "./columnLabel.ts";
export * from "./labels.ts";
export * from "./request.ts";
export * from "./result.ts";
export * from "./scoring.ts";
export * from "./values.ts";
export * from "./worktime.ts";
