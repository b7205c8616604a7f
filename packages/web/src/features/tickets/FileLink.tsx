import { Anchor } from "@mantine/core";
import { filesApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** A stored file of a company, opened in a new tab with the session's token (the link carries no secret). */
export function FileLink({
  companyId,
  file,
}: {
  companyId: number;
  file: { id: number; name: string; size: number };
}) {
  const open = async () => {
    const blob = await api.blob(filesApi.download, { params: { companyId, id: file.id }, query: {} });
    const url = URL.createObjectURL(blob);
    window.open(url, "_blank", "noopener");
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => void open()} data-testid="file-link">
      📎 {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
    </Anchor>
  );
}
