import { Anchor, Group } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";

/**
 * A stored attachment as a link: `load` fetches its bytes with the session's token through the route that
 * decides who may read it (the company's files, a revision's attachments…); the link itself carries no secret.
 */
export function FileLink({
  file,
  load,
}: {
  file: { id: number; name: string; size: number };
  load: () => Promise<Blob>;
}) {
  const open = async () => {
    const url = URL.createObjectURL(await load());
    window.open(url, "_blank", "noopener");
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => void open()} data-testid="file-link">
      <Group gap={4} wrap="nowrap" component="span">
        <IconPaperclip size={14} />
        {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
      </Group>
    </Anchor>
  );
}
