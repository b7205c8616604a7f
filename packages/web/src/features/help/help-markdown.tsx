import { Anchor, Code, List, Stack, Text, Title } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { type Inline, parseMarkdown } from "./markdown-blocks.ts";

function renderInline(parts: Inline[]): ReactNode {
  return parts.map((part, i) => {
    const key = `${i}-${part.kind}`;
    switch (part.kind) {
      case "bold":
        return <strong key={key}>{part.text}</strong>;
      case "italic":
        return <em key={key}>{part.text}</em>;
      case "code":
        return <Code key={key}>{part.text}</Code>;
      case "link":
        return part.href.startsWith("/") ? (
          <Anchor key={key} component={Link} to={part.href}>
            {part.text}
          </Anchor>
        ) : (
          <Anchor key={key} href={part.href} target="_blank" rel="noreferrer">
            {part.text}
          </Anchor>
        );
      default:
        return <Fragment key={key}>{part.text}</Fragment>;
    }
  });
}

/** Renders the shipped Markdown subset as React elements (no HTML injection). */
export function HelpMarkdown({ source }: { source: string }) {
  const blocks = parseMarkdown(source);
  return (
    <Stack gap="sm">
      {blocks.map((block, i) => {
        const key = `${i}-${block.kind}`;
        if (block.kind === "heading")
          return (
            <Title key={key} order={block.level} mt={block.level > 1 ? "sm" : 0}>
              {renderInline(block.inline)}
            </Title>
          );
        if (block.kind === "list")
          return (
            <List key={key} type={block.ordered ? "ordered" : "unordered"} spacing={4}>
              {block.items.map((item, j) => (
                <List.Item key={j}>{renderInline(item)}</List.Item>
              ))}
            </List>
          );
        return <Text key={key}>{renderInline(block.inline)}</Text>;
      })}
    </Stack>
  );
}
