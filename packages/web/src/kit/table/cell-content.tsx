import { Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { cellTooltip, figureWords, isFigure, TEXT_LINES, TEXT_MAX_WIDTH } from "./cell-layout.ts";

const NOWRAP = { whiteSpace: "nowrap" } as const;

/**
 * One cell's content, laid out to let the table fit its frame: figures break only between their words, text
 * wraps up to two lines and is then cut with an ellipsis (the whole text in its tooltip). Anything other than
 * text (badges, links, swatches) is drawn as the column renders it.
 */
export function CellContent({ content }: { content: ReactNode }) {
  const text = typeof content === "number" ? String(content) : content;
  // Badges and other drawn content shrink to an ellipsis in a squeezed column; they keep their own width, up to
  // that of a text cell, beyond which they wrap.
  if (typeof text !== "string")
    return <div style={{ width: "max-content", maxWidth: TEXT_MAX_WIDTH }}>{text}</div>;
  if (text === "") return null;
  if (isFigure(text)) {
    const words = figureWords(text);
    return (
      <span>
        {words.map((w, i) => (
          <Fragment key={i}>
            {i > 0 ? " " : null}
            <span style={NOWRAP}>{w}</span>
          </Fragment>
        ))}
      </span>
    );
  }
  return (
    <Text
      inherit
      lineClamp={TEXT_LINES}
      title={cellTooltip(text)}
      maw={TEXT_MAX_WIDTH}
      style={{ overflowWrap: "break-word" }}
    >
      {text}
    </Text>
  );
}
