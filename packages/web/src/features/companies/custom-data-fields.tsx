import { SimpleGrid, TextInput } from "@mantine/core";
import { useCompany } from "../../platform/company/index.ts";

type CustomValue = string | number | boolean;

/** The company's custom data fields for an item kind (conf.customDatas[kind]). */
export function CustomDataFields({
  kind,
  value,
  onChange,
}: {
  kind: "vehicle" | "asset" | "person" | "driver";
  value: Record<string, CustomValue>;
  onChange(value: Record<string, CustomValue>): void;
}) {
  const { info } = useCompany();
  const defs = info?.conf.customDatas[kind] ?? [];
  if (defs.length === 0) return null;
  return (
    <SimpleGrid cols={2}>
      {defs.map((d) => (
        <TextInput
          key={d.key}
          label={d.label}
          type={d.type === "date" ? "date" : "text"}
          value={String(value[d.key] ?? "")}
          onChange={(e) => {
            const text = e.currentTarget.value;
            const next = { ...value };
            next[d.key] =
              d.type === "number" && text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
            onChange(next);
          }}
        />
      ))}
    </SimpleGrid>
  );
}
