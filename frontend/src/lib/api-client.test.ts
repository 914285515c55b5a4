import { describe, expect, it, vi } from 'vitest';
import { getHealth } from '@/features/health/api/get-health';
import { ApiError, apiClient, apiRequest } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('sends JSON bodies to /api with the session cookie', async () => {
    const fetchMock = stubFetch(jsonResponse({ reportId: 'r-1' }));

    const data = await apiClient.put<{ reportId: string }>('/member/report/unclaim', { reportId: 'r-1' });

    expect(data).toEqual({ reportId: 'r-1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/member/report/unclaim');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"reportId":"r-1"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends FormData as is, leaving the multipart Content-Type to the browser', async () => {
    const fetchMock = stubFetch(jsonResponse({ reportId: 'r-2' }));
    const form = new FormData();
    form.append('reporterName', 'Ada');

    await apiClient.post('/report', form);

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('keeps the status of a successful answer', async () => {
    stubFetch(jsonResponse({ reportId: 'r-3' }, 208));

    const response = await apiRequest<{ reportId: string }>('/report', { method: 'POST', body: new FormData() });

    expect(response).toEqual({ status: 208, data: { reportId: 'r-3' } });
  });

  it('throws an ApiError with the status and the server message', async () => {
    stubFetch(jsonResponse({ message: 'Invalid activation code.' }, 404));

    const failure = apiClient.post('/member/company', { memberActivationCode: 'ABCD1234' });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Invalid activation code.' });
  });

  it("falls back to the spec's message when the answer is not ours (a proxy's page or status text)", async () => {
    stubFetch(new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }));

    await expect(apiClient.get('/member/information')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong. Refresh the page and try again.',
    });
  });

  it('reads the health of the services', async () => {
    const health = { status: 'degraded', services: [{ name: 'report', status: 'NOT_SERVING' }] };
    const fetchMock = stubFetch(jsonResponse(health));

    await expect(getHealth()).resolves.toEqual(health);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/health');
  });
});
