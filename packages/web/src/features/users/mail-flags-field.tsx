import { Checkbox, Divider, SimpleGrid } from "@mantine/core";
import { COMPANY_MAIL_FLAGS } from "@vigia/domain";
import { useTranslation } from "react-i18next";

/**
 * Which notification mails go out, one checkbox a kind: a user's own choice, or a company's default. A kind
 * missing from `value` is sent (only `false` turns it off).
 */
export function MailFlagsField({
  value,
  onChange,
}: {
  value: Record<string, boolean>;
  onChange(next: Record<string, boolean>): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Divider label={t("users.notifications")} labelPosition="left" />
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {COMPANY_MAIL_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={t(`users.mail.${flag}`)}
            checked={value[flag] !== false}
            onChange={(e) => onChange({ ...value, [flag]: e.currentTarget.checked })}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
