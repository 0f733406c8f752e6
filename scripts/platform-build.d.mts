export const platformEntry: string;
export const platformBundle: string;
export function ensurePlatformBuild(): void;
export const bundledPackages: ReadonlySet<string>;
