/**
 * Custom forms: a form is an ordered list of typed fields; a submission holds one value per
 * field, checked against the form's own fields. The builder (web), the server (400 field errors) and the
 * mobile API all use these rules, so a value the web accepts is one the server stores.
 */
import { z } from "zod";
import { PHOTO_MAX_BYTES } from "./constants.ts";

export const FORM_FIELD_TYPES = [
  "text",
  "number",
  "textRange",
  "numberRange",
  "boolean",
  "attachment",
  "select",
  "multiselect",
  "datetime",
  "rating",
  "signature",
  "items",
] as const;
export const formFieldTypeSchema = z.enum(FORM_FIELD_TYPES);
export type FormFieldType = z.infer<typeof formFieldTypeSchema>;

/** Largest file a form may accept; photos are capped at 2 MB by spec, other files share the same cap. */
export const FORM_ATTACHMENT_MAX_BYTES = PHOTO_MAX_BYTES;
/** A signature is a PNG data URL drawn on the pad; a generous cap for a small canvas. */
export const SIGNATURE_MAX_CHARS = 400_000;
export const RATING_MAX_STARS = 10;

const label = z.string().trim().min(1, "required").max(100, "tooLong");

/** One field of the builder. `key` is stable across versions so values line up in exports. */
export const formFieldSchema = z
  .object({
    key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "invalidKey"),
    type: formFieldTypeSchema,
    label,
    required: z.boolean().default(false),
    help: z.string().trim().max(300, "tooLong").default(""),
    /** number and numberRange: bounds; text and textRange: length bounds. */
    min: z.number().nullable().default(null),
    max: z.number().nullable().default(null),
    /** select, multiselect and items: the choices. */
    options: z.array(z.string().trim().min(1, "required").max(100, "tooLong")).max(100).default([]),
    /** attachment: the largest file accepted, in bytes. */
    maxBytes: z
      .number()
      .int()
      .positive()
      .max(FORM_ATTACHMENT_MAX_BYTES, "attachment.tooLarge")
      .nullable()
      .default(null),
    /** rating: how many stars. */
    stars: z.number().int().min(2).max(RATING_MAX_STARS).nullable().default(null),
  })
  .superRefine((f, ctx) => {
    if (f.min !== null && f.max !== null && f.min > f.max)
      ctx.addIssue({ code: "custom", path: ["min"], message: "range_minOverMax" });
    if ((f.type === "select" || f.type === "multiselect" || f.type === "items") && f.options.length === 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "options_required" });
    if (new Set(f.options).size !== f.options.length)
      ctx.addIssue({ code: "custom", path: ["options"], message: "options_duplicate" });
  });
export type FormField = z.output<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

export const formInputSchema = z
  .object({
    name: z.string().trim().min(1, "required").max(100, "tooLong"),
    description: z.string().trim().max(500, "tooLong").default(""),
    active: z.boolean().default(true),
    fields: z.array(formFieldSchema).min(1, "fields_required").max(100),
    /** The form is offered on the items of these groups (and their sub-groups)… */
    groupIds: z.array(z.number().int().positive()).default([]),
    /** …and on these items. */
    items: z
      .array(
        z.object({ itemType: z.enum(["vehicle", "asset", "person"]), itemId: z.number().int().positive() }),
      )
      .default([]),
  })
  .superRefine((f, ctx) => {
    const keys = f.fields.map((x) => x.key);
    keys.forEach((key, i) => {
      if (keys.indexOf(key) !== i)
        ctx.addIssue({ code: "custom", path: ["fields", i, "key"], message: "key_duplicate" });
    });
  });
export type FormInput = z.output<typeof formInputSchema>;

export const formSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  fields: z.array(formFieldSchema),
  groupIds: z.array(z.number().int()),
  items: z.array(z.object({ itemType: z.enum(["vehicle", "asset", "person"]), itemId: z.number().int() })),
  submissions: z.number().int(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type Form = z.infer<typeof formSchema>;

/** A file of an attachment field: the file store's id; the server fills name, size and type from the store. */
export const formFileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(200),
  size: z.number().int().nonnegative(),
  type: z.string().max(100),
});
export type FormFile = z.infer<typeof formFileSchema>;

/** What a value of each type looks like, before the field's own rules. */
export const formValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.object({ from: z.union([z.string(), z.number()]), to: z.union([z.string(), z.number()]) }),
  formFileSchema,
  z.null(),
]);
export type FormValue = z.infer<typeof formValueSchema>;
export type FormValues = Record<string, FormValue>;

const isEmpty = (v: FormValue | undefined): boolean =>
  v === undefined ||
  v === null ||
  v === "" ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === "object" && !Array.isArray(v) && "from" in v && v.from === "" && v.to === "");

function inBounds(f: FormField, n: number): string | null {
  if (f.min !== null && n < f.min) return "value_belowMin";
  if (f.max !== null && n > f.max) return "value_aboveMax";
  return null;
}

/** The error key of one value against its field, or null when it fits. */
export function formValueError(f: FormField, v: FormValue | undefined): string | null {
  if (isEmpty(v)) return f.required ? "required" : null;
  switch (f.type) {
    case "text":
      return typeof v === "string" ? (v.length > 2000 ? "tooLong" : inBounds(f, v.length)) : "invalid";
    case "number":
      return typeof v === "number" && Number.isFinite(v) ? inBounds(f, v) : "invalidNumber";
    case "boolean":
      return typeof v === "boolean" ? null : "invalid";
    case "datetime":
      return typeof v === "number" && Number.isInteger(v) && v >= 0 ? null : "invalid";
    case "rating": {
      const stars = f.stars ?? 5;
      return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= stars ? null : "invalid";
    }
    case "signature":
      return typeof v === "string" &&
        v.startsWith("data:image/png;base64,") &&
        v.length <= SIGNATURE_MAX_CHARS
        ? null
        : "invalid";
    case "select":
      return typeof v === "string" && f.options.includes(v) ? null : "invalid";
    case "multiselect":
    case "items":
      return Array.isArray(v) && v.every((x) => f.options.includes(x)) ? null : "invalid";
    case "attachment": {
      const file = formFileSchema.safeParse(v);
      if (!file.success) return "invalid";
      return file.data.size > (f.maxBytes ?? FORM_ATTACHMENT_MAX_BYTES) ? "attachment_tooLarge" : null;
    }
    case "textRange":
    case "numberRange": {
      if (typeof v !== "object" || v === null || Array.isArray(v) || !("from" in v)) return "invalid";
      const { from, to } = v as { from: unknown; to: unknown };
      if (f.type === "textRange")
        return typeof from === "string" && typeof to === "string" && from.length <= 500 && to.length <= 500
          ? null
          : "invalid";
      if (typeof from !== "number" || typeof to !== "number") return "invalidNumber";
      if (from > to) return "range_minOverMax";
      return inBounds(f, from) ?? inBounds(f, to);
    }
  }
}

/**
 * The values a form holds as the user sees it: what they entered and, in a date-time field they left alone, the
 * time the field shows, which is when the form was opened (to the minute, as the field shows it). Sending these
 * keeps the answer the user saw instead of losing it.
 */
export function valuesAsShown(
  fields: readonly FormField[],
  values: FormValues,
  openedAt: number,
): FormValues {
  const shown = { ...values };
  const minute = openedAt - (openedAt % 60_000);
  for (const f of fields) if (f.type === "datetime" && isEmpty(shown[f.key])) shown[f.key] = minute;
  return shown;
}

/** Every field's error by key; values of keys the form does not have are errors too. */
export function formValuesErrors(fields: readonly FormField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(fields.map((f) => f.key));
  for (const f of fields) {
    const e = formValueError(f, values[f.key]);
    if (e) errors[`values.${f.key}`] = e;
  }
  for (const key of Object.keys(values)) if (!known.has(key)) errors[`values.${key}`] = "unknownField";
  return errors;
}

export const submissionInputSchema = z.object({
  itemType: z.enum(["vehicle", "asset", "person"]),
  itemId: z.number().int().positive(),
  /** The form version the values were entered for; the current one when absent. */
  version: z.number().int().positive().optional(),
  values: z.record(z.string(), formValueSchema),
  /** When and where it was filled in (the mobile app sends its own); the server's time and none otherwise. */
  ts: z.number().int().nonnegative().optional(),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
  source: z.enum(["web", "mobile"]).default("web"),
});
export type SubmissionInput = z.output<typeof submissionInputSchema>;

export const submissionSchema = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  formName: z.string(),
  version: z.number().int(),
  itemType: z.enum(["vehicle", "asset", "person"]),
  itemId: z.number().int(),
  itemName: z.string(),
  author: z.string(),
  ts: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  source: z.enum(["web", "mobile"]),
  values: z.record(z.string(), formValueSchema),
});
export type Submission = z.infer<typeof submissionSchema>;

/** A submission with the fields of the version it was entered for (old submissions keep their version). */
export const submissionDetailSchema = z.object({
  submission: submissionSchema,
  fields: z.array(formFieldSchema),
});

export const submissionQuerySchema = z.object({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().positive().optional(),
  itemType: z.enum(["vehicle", "asset", "person"]).optional(),
  itemId: z.coerce.number().int().positive().optional(),
});

/** The text of a value for tables and exports. */
export function formValueText(f: FormField | undefined, v: FormValue | undefined): string {
  if (v === undefined || v === null) return "";
  if (Array.isArray(v)) return v.join(", ");
  if (typeof v === "boolean") return v ? "✓" : "✗";
  if (typeof v === "number")
    return f?.type === "datetime" ? new Date(v).toISOString().slice(0, 16).replace("T", " ") : String(v);
  if (typeof v === "string") return f?.type === "signature" ? "✍" : v;
  if ("from" in v) return `${v.from} – ${v.to}`;
  return v.name;
}
