export const BUILD_INPUTS: readonly string[];
export function sourceHash(root: string, inputs?: readonly string[]): string;
export function planBuild(
  root: string,
  buildsDir: string,
  inputs?: readonly string[],
): { hash: string; dir: string; built: boolean };
export function buildBeside(
  buildsDir: string,
  hash: string,
  make: (tmpDir: string) => Promise<void>,
): Promise<string>;
export function carryAssets(buildsDir: string, newDir: string, maxAgeDays?: number): number;
export function makeCurrent(buildsDir: string, hash: string): void;
export function claimBuild(dir: string, pid?: number): void;
export function pruneBuilds(buildsDir: string, keep?: number, isAlive?: (pid: number) => boolean): string[];
