// Types for test-infrastructure.mjs (plain Node so `npm test` can load it before anything builds).
export interface Dependency {
  name: 'PostgreSQL' | 'NATS' | 'Redis';
  envVar: string;
  compose: string;
  port: number;
}
export interface ContainerDefinition extends Dependency {
  image: string;
  command: string[];
  environment: Record<string, string>;
  files: { source: string; target: string }[];
}
export const DEPENDENCIES: Dependency[];
export function planInfrastructure(state: {
  unreachable: string[];
  dockerAvailable: boolean;
}): { action: 'run' } | { action: 'containers'; start: string[] } | { action: 'fail'; message: string };
export function containerDefinitions(repoRoot: string): ContainerDefinition[];
export function urlFor(definition: ContainerDefinition, host: string, port: number): string;
export function dockerAvailable(): boolean;
export function startContainers(
  names: string[],
  definitions: ContainerDefinition[],
  GenericContainer?: unknown,
): Promise<{ env: Record<string, string>; stop: () => Promise<unknown> }>;
