import { Badge, Group, Text } from "@mantine/core";
import { type LicenceStanding, licenceStanding } from "@vigia/domain";
import type { TFunction } from "i18next";

const STANDING_COLOR: Partial<Record<LicenceStanding, string>> = {
  near: "yellow",
  full: "orange",
  over: "red",
};

/** "3 / 5" (or "3 / no limit"): the text of a licence column, also what the export writes. */
export const licenceText = (used: number, total: number, t: TFunction): string =>
  `${used} / ${total > 0 ? total : t("licences.unlimited")}`;

/** A company's use of one licence in the companies table, flagged when near, at or over its limit. */
export function LicenceCell({ used, total, t }: { used: number; total: number; t: TFunction }) {
  const standing = licenceStanding(used, total);
  const color = STANDING_COLOR[standing];
  return (
    <Group gap={6} wrap="nowrap" data-testid="licence-cell" data-standing={standing}>
      <Text size="sm" c={total > 0 ? undefined : "dimmed"}>
        {licenceText(used, total, t)}
      </Text>
      {color ? (
        <Badge color={color} variant="light" size="sm">
          {t(`licences.standing.${standing}`)}
        </Badge>
      ) : null}
    </Group>
  );
}
