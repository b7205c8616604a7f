/** The site's logo, or Vigia's when the site has none (top bar, sign-in frame, exported files). */
export function siteLogo(logoUrl: string): string {
  return logoUrl || "/logo.svg";
}
