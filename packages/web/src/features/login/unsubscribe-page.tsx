import { Alert, Button, Loader, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { unsubscribeApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { api } from "../../platform/api/instance.ts";
import { unsubscribeQuery } from "./api.ts";
import { AuthFrame } from "./auth-frame.tsx";

/** /notifications/unsubscribe/{key}: public; a 401 here must not log anyone out (the client knows). */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { key = "" } = useParams();
  const info = useQuery(unsubscribeQuery(key));
  const confirm = useMutation({
    mutationFn: () => api.call(unsubscribeApi.confirm, { params: { key } }, { token: null, quiet: true }),
  });

  return (
    <AuthFrame title={t("unsubscribe.title")}>
      {info.isPending ? (
        <Stack align="center">
          <Loader />
        </Stack>
      ) : info.isError ? (
        <Alert color="red" data-testid="unsubscribe-error">
          {t("unsubscribe.invalid")}
        </Alert>
      ) : confirm.isSuccess ? (
        <Alert color="teal" data-testid="unsubscribe-done">
          {t("unsubscribe.done", { email: info.data.email })}
        </Alert>
      ) : (
        <Stack gap="md">
          <Text ta="center">
            {t("unsubscribe.question", {
              email: info.data.email,
              kind: t(`unsubscribe.kinds.${info.data.kind}`, { defaultValue: info.data.kind }),
            })}
          </Text>
          {confirm.isError ? <Alert color="red">{t("errors.tryAgain")}</Alert> : null}
          <Button color="red" loading={confirm.isPending} onClick={() => confirm.mutate()} fullWidth>
            {t("unsubscribe.confirm")}
          </Button>
        </Stack>
      )}
    </AuthFrame>
  );
}
