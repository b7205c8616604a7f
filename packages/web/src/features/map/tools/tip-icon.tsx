import { ActionIcon, type ActionIconProps, Tooltip } from "@mantine/core";
import type { ComponentPropsWithoutRef, ReactNode } from "react";

type ButtonProps = Omit<ComponentPropsWithoutRef<"button">, keyof ActionIconProps | "aria-label">;

/** A tool's icon button, named by its tooltip: the same text is what a screen reader says. */
export function TipIcon({
  label,
  children,
  ...button
}: { label: string; children: ReactNode } & ActionIconProps & ButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon aria-label={label} {...button}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
