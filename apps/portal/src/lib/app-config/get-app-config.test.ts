import { describe, expect, it } from 'vitest';
import { startUp } from '../../app/start-up.ts';
import { buildAppConfig } from '../../testing/build-app-config.ts';
import { appConfigRoute, createFakeApi, json } from '../../testing/fake-api.ts';
import { createQueryClient } from '../query-client.ts';
import { appConfigQueryOptions } from './get-app-config.ts';

async function startPortal(api: ReturnType<typeof createFakeApi>) {
  const {
    apiClient: client,
    appStore,
    queryClient,
  } = await startUp({
    location: { host: 'moneypartner.localhost:8080' },
    fetch: api.fetch,
  });
  return { client, appStore, queryClient };
}

describe('appConfigQueryOptions', () => {
  it('fetches the adviser portal config and stores it in the app state', async () => {
    const appConfig = buildAppConfig({ features: { ta_register: true } });
    const api = createFakeApi({ [appConfigRoute]: () => json({ data: appConfig }) });
    const { client, appStore, queryClient } = await startPortal(api);

    await expect(queryClient.fetchQuery(appConfigQueryOptions({ client, appStore }))).resolves.toEqual(
      appConfig,
    );

    expect(appStore.getState().appConfig).toEqual(appConfig);
    expect(api.requestsTo(appConfigRoute)).toHaveLength(1);
  });

  it('is asked for once, at start-up, and stored before the first page reads it', async () => {
    const appConfig = buildAppConfig({ features: { goals: true } });
    const api = createFakeApi({ [appConfigRoute]: () => json({ data: appConfig }) });
    const { client, appStore, queryClient } = await startPortal(api);

    await expect(queryClient.fetchQuery(appConfigQueryOptions({ client, appStore }))).resolves.toEqual(
      appConfig,
    );
    await queryClient.fetchQuery(appConfigQueryOptions({ client, appStore }));

    expect(appStore.getState().appConfig).toEqual(appConfig);
    expect(api.requestsTo(appConfigRoute)).toHaveLength(1);
  });

  it('does not fetch when the app state already holds one', async () => {
    const stored = buildAppConfig({ features: { goals: true } });
    const api = createFakeApi();
    const { client, appStore } = await startPortal(api);
    appStore.setState({ appConfig: stored });
    const asked = api.requestsTo(appConfigRoute).length;

    await expect(createQueryClient().fetchQuery(appConfigQueryOptions({ client, appStore }))).resolves.toBe(
      stored,
    );

    expect(api.requestsTo(appConfigRoute)).toHaveLength(asked);
  });

  it('leaves the app state empty when the platform refuses', async () => {
    const api = createFakeApi({
      [appConfigRoute]: () =>
        json(
          { error: { error_code: 'not_found', error_type: 'not_found', error_message: 'No config' } },
          404,
        ),
    });
    const { client, appStore, queryClient } = await startPortal(api);

    await expect(queryClient.fetchQuery(appConfigQueryOptions({ client, appStore }))).rejects.toMatchObject({
      status: 404,
      message: 'No config',
    });
    expect(appStore.getState().appConfig).toBeNull();
  });
});
