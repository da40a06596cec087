// Types for database-roles.mjs (plain Node so the cluster launcher and the images run it as is).
export function roleOf(service: string, prefix?: string): string;
export function serviceDatabaseUrl(adminUrl: string, role: string, password?: string): string;
export function setupDatabaseRoles(options: {
  adminUrl: string;
  services: readonly string[];
  passwords?: Record<string, string | undefined>;
  prefix?: string;
}): Promise<Record<string, string>>;
export function setupDatabaseRolesIfAllowed(
  options: Parameters<typeof setupDatabaseRoles>[0],
  warn: (message: string) => void,
): Promise<Record<string, string>>;
