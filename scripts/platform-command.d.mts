export const platformNodeFlags: string[];
export function platformCommand(options?: { nodeFlags?: string[]; fromSources?: boolean }): {
  command: string;
  args: string[];
};
