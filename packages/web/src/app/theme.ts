import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  // Users who ask the OS for less motion get no transitions (the browser tests rely on it too).
  respectReducedMotion: true,
  defaultRadius: "md",
  fontFamily: "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  headings: { fontWeight: "650" },
  components: {
    Button: { defaultProps: { radius: "md" } },
    Paper: { defaultProps: { radius: "md" } },
  },
});
