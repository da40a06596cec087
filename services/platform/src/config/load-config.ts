import type { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
  }
}

export interface LoadConfigOptions {
  /** false: throw ConfigError instead of exiting (tests). */
  exit?: boolean;
}

type EnvSource = Record<string, string | undefined>;

/**
 * Parses the environment once at start. All problems are reported together so an operator
 * fixes a deployment in one round instead of one variable per restart.
 */
// Any zod type, not only z.object: callers may pass a schema typed as `z.ZodType<Config>`.
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: EnvSource = process.env,
  { exit = true }: LoadConfigOptions = {},
): z.output<S> {
  // Compose files and k8s manifests often set `VAR=` to mean "unset"; treat it so defaults apply.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;

  const problems = result.error.issues.map((issue) => {
    const key = issue.path.map(String).join('.') || '(env)';
    const missing = issue.code === 'invalid_type' && issue.path.length === 1 && cleaned[key] === undefined;
    return `- ${key}: ${missing ? 'Required' : issue.message}`;
  });
  const error = new ConfigError(problems);
  if (!exit) throw error;
  // The logger is not configured yet (its level is part of this config), so plain stderr.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
