import type { AppConfig } from '@waratah/contracts';
import { AppError } from '../errors/app-error.ts';
import type { AppConfigKey, AppConfigRepository } from './app-config-repository.ts';

export async function getAppConfig(repository: AppConfigRepository, key: AppConfigKey): Promise<AppConfig> {
  const appConfig = await repository.findAppConfig(key);
  if (appConfig) return appConfig;
  throw new AppError(
    'not_found',
    `There is no app config '${key.platformKey}' for tenant ${key.tenantId} (${key.environment})`,
  );
}
