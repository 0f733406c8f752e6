export const repoRoot: string;
export function ensureFrontEndBuilds(): void;
