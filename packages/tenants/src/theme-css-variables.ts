import type { TenantTheme } from './tenant-config.ts';

/** The CSS custom property behind each theme field; the UI package's Tailwind tokens read these names. */
export const themeCssVariableNames = {
  colorPrimary: '--tenant-primary',
  colorSecondary: '--tenant-secondary',
  colorTertiary: '--tenant-tertiary',
  colorLink: '--tenant-link',
  colorBody: '--tenant-body',
  colorButtonPrimary: '--tenant-button-primary',
  colorButtonPrimaryText: '--tenant-button-primary-text',
  colorButtonPrimaryFade: '--tenant-button-primary-fade',
  colorButtonSecondary: '--tenant-button-secondary',
  colorButtonSecondaryText: '--tenant-button-secondary-text',
  colorButtonTertiary: '--tenant-button-tertiary',
  colorButtonTertiaryText: '--tenant-button-tertiary-text',
  fontFamily: '--tenant-font-family',
} as const satisfies Partial<Record<keyof TenantTheme, `--tenant-${string}`>>;

export type ThemeCssVariableName = (typeof themeCssVariableNames)[keyof typeof themeCssVariableNames];

/** fontUrl has no variable: the file is loaded through an @font-face rule (see fontFaceRule). */
export function themeCssVariables(theme: TenantTheme): Record<ThemeCssVariableName, string> {
  const entries = Object.entries(themeCssVariableNames).map(([field, name]) => [
    name,
    theme[field as keyof typeof themeCssVariableNames],
  ]);
  return Object.fromEntries(entries) as Record<ThemeCssVariableName, string>;
}
