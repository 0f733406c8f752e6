import { describe, expect, it } from 'vitest';
import { createApiClient } from '../create-api-client.ts';
import { jsonResponse } from '../testing/fake-fetch.ts';
import { uploadAdviserImage } from './upload-adviser-image.ts';

const image = {
  id: 7,
  content_type: 'image/png',
  size: 3,
  sha256: 'abc',
  url: '/api/adviser/images/7/content',
  created_at: '2026-11-20T00:00:00.000Z',
};

function capture(response: () => Response) {
  const sent: { init?: RequestInit; url?: string } = {};
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.url = String(input);
    if (init) sent.init = init;
    return response();
  }) as typeof globalThis.fetch;
  return {
    sent,
    client: createApiClient({ baseUrl: 'http://localhost:8080', getAccessToken: () => 't', fetch }),
  };
}

describe('uploadAdviserImage', () => {
  it('sends one multipart `file` part with its name and type, without the JSON content type', async () => {
    const { sent, client } = capture(() => jsonResponse({ data: [image] }, 201));
    const uploaded = await uploadAdviserImage(client, {
      file: new Blob([new Uint8Array([1, 2, 3])]),
      fileName: 'logo.png',
      contentType: 'image/png',
    });
    expect(uploaded).toEqual(image);
    expect(sent.url).toBe('http://localhost:8080/api/adviser/images/upload');
    expect(sent.init?.method).toBe('POST');
    const headers = new Headers(sent.init?.headers);
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('authorization')).toBe('Bearer t');
    const form = sent.init?.body as FormData;
    const part = form.get('file') as File;
    expect([part.name, part.type, part.size]).toEqual(['logo.png', 'image/png', 3]);
  });

  it('surfaces the platform’s refusal as an ApiError', async () => {
    const { client } = capture(() =>
      jsonResponse(
        {
          error: {
            error_code: 'F0024',
            error_type: 'unsupported_media_type',
            error_message: 'The image must be PNG, JPEG or HEIC',
          },
        },
        415,
      ),
    );
    await expect(
      uploadAdviserImage(client, { file: new Blob(['hi'], { type: 'text/plain' }), fileName: 'a.txt' }),
    ).rejects.toMatchObject({
      name: 'ApiError',
      status: 415,
      code: 'F0024',
      message: 'The image must be PNG, JPEG or HEIC',
    });
  });
});
