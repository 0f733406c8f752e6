export const platformNodeFlags: string[];
export function platformCommand(options?: { nodeFlags?: string[] }): { command: string; args: string[] };
