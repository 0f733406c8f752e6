export const repoRoot: string;
export function portalBuildIsCurrent(): boolean;
export function ensurePortalBuild(): void;
