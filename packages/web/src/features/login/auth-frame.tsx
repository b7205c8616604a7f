import { Box, Center, Group, Image, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { LanguageSelect } from "../../kit/pickers/language-select.tsx";
import { siteLogo } from "../../kit/site-logo.ts";
import { useSession } from "../../platform/session/session.ts";

/** The frameless page used by sign-in, create-password and unsubscribe: no top bar, no menu. */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { site } = useSession();
  return (
    <Box
      mih="100vh"
      style={{
        background:
          "linear-gradient(135deg, var(--mantine-color-blue-9) 0%, var(--mantine-color-blue-6) 55%, var(--mantine-color-cyan-5) 100%)",
      }}
    >
      <Group justify="flex-end" p="md">
        <Box w={170}>
          <LanguageSelect size="xs" />
        </Box>
      </Group>
      <Center px="md" pb={60} pt={20}>
        <Paper shadow="xl" p={36} w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <Image
                src={siteLogo(site.logoUrl)}
                h={40}
                w="auto"
                alt={site.sitename}
                data-testid="site-logo"
              />
              <Text fw={700} size="xl" mt="sm" ta="center">
                {title}
              </Text>
              {subtitle ? (
                <Text c="dimmed" size="sm" ta="center">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
