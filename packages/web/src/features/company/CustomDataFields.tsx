import { SimpleGrid, TextInput } from "@mantine/core";
import { useCompany } from "./company.ts";

interface FieldDef {
  key: string;
  label: string;
  type?: string;
}

/** The company's custom data fields for an item kind (conf.customDatas[kind]). */
export function CustomDataFields({
  kind,
  value,
  onChange,
}: {
  kind: "vehicle" | "asset" | "person" | "driver";
  value: Record<string, unknown>;
  onChange(value: Record<string, string | number | boolean>): void;
}) {
  const { info } = useCompany();
  const defs = ((info?.conf.customDatas as Record<string, FieldDef[]> | undefined)?.[kind] ??
    []) as FieldDef[];
  if (defs.length === 0) return null;
  return (
    <SimpleGrid cols={2}>
      {defs.map((d) => (
        <TextInput
          key={d.key}
          label={d.label}
          value={String(value[d.key] ?? "")}
          onChange={(e) => {
            const text = e.currentTarget.value;
            const next = { ...(value as Record<string, string | number | boolean>) };
            next[d.key] =
              d.type === "number" && text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
            onChange(next);
          }}
        />
      ))}
    </SimpleGrid>
  );
}
