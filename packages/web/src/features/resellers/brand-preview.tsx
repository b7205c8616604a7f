import { Box, Group, Image, Text } from "@mantine/core";
import { siteLogo } from "../../kit/site-logo.ts";

/**
 * The header as the brand's users will see it, drawn from the form's current values before saving: the logo,
 * the product name and a button in the brand's colour, with the favicon as the browser tab shows it.
 */
export function BrandPreview({
  name,
  productName,
  logoUrl,
  faviconUrl,
  color,
}: {
  name: string;
  productName: string;
  logoUrl: string;
  faviconUrl: string;
  color: string | null;
}) {
  const accent = color ?? "var(--mantine-color-blue-filled)";
  const title = productName.trim() || name.trim() || "—";
  return (
    <Box
      data-testid="brand-preview"
      style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8, overflow: "hidden" }}
    >
      <Group gap={6} px="sm" py={4} bg="gray.1">
        {faviconUrl ? <Image src={faviconUrl} w={16} h={16} alt="" /> : null}
        <Text size="xs" c="dimmed" truncate>
          {title}
        </Text>
      </Group>
      <Group justify="space-between" px="md" py="xs" style={{ borderTop: `3px solid ${accent}` }}>
        <Group gap="sm">
          <Image src={siteLogo(logoUrl)} h={28} w="auto" alt={name} />
          <Text fw={600}>{title}</Text>
        </Group>
        <Box px="sm" py={4} style={{ background: accent, color: "white", borderRadius: 6, fontSize: 13 }}>
          {name.trim() || "—"}
        </Box>
      </Group>
    </Box>
  );
}
