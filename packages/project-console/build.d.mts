export const OUTFILE: string;
export function buildCli(): Promise<string>;
