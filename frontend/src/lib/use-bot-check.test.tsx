import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recaptchaScriptUrl } from '@/lib/recaptcha';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { fillReportForm, formFields, placesHandler } from '@/testing/report-fakes';

const recaptchaScripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha"]'));

afterEach(() => {
  recaptchaScripts().forEach((script) => script.remove());
  delete window.grecaptcha;
});

describe('bot check on the report page', () => {
  it('loads no reCAPTCHA script and sends the dev token when the gateway names no site key', async () => {
    const { requests } = stubApi({
      'GET /config': () => jsonResponse({ ...devConfig, alertSenderNumber: null }),
      'GET /places/autocomplete': placesHandler,
      'POST /report': () => jsonResponse({ reportId: 'r-1' }, 201),
    });
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(screen.getByRole('button', { name: 'Report!' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
    expect(recaptchaScripts()).toHaveLength(0);
    const post = requests.find((request) => request.path === '/report');
    expect(formFields(post?.body).recaptchaToken).toBe('dev');
  });

  it("loads reCAPTCHA v3 for the gateway's site key and sends a token for the action 'report'", async () => {
    const execute = vi.fn(async () => 'token-from-google');
    const { requests } = stubApi({
      'GET /config': () => jsonResponse({ ...devConfig, recaptchaSiteKey: 'site-key-1', alertSenderNumber: null }),
      'GET /places/autocomplete': placesHandler,
      'POST /report': () => jsonResponse({ reportId: 'r-1' }, 201),
    });
    const { user, router } = renderAppAt('/report');

    await waitFor(() => expect(recaptchaScripts().map((script) => script.src)).toEqual([recaptchaScriptUrl('site-key-1')]));
    window.grecaptcha = { ready: (callback) => callback(), execute };
    recaptchaScripts()[0]?.dispatchEvent(new Event('load'));
    await fillReportForm(user);
    await user.click(screen.getByRole('button', { name: 'Report!' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'report' });
    const post = requests.find((request) => request.path === '/report');
    expect(formFields(post?.body).recaptchaToken).toBe('token-from-google');
  });
});
