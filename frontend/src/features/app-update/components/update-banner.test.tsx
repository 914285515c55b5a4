import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING } from '@/service-worker/messages';
import { FakeServiceWorkerContainer, type FakeWorker } from '@/testing/fake-service-worker';
import { renderAppAt } from '@/testing/render-app';
import { registerServiceWorker } from '../lib/register-service-worker';
import { updateAvailable } from '../lib/update-available';

const MESSAGE = 'A new version of Swarm Alert is available.';

const banner = () => screen.queryByRole('region', { name: 'New version' });

/** The app at `/`, with its service worker registered against a fake `navigator.serviceWorker`. */
async function appWithServiceWorker(container: FakeServiceWorkerContainer) {
  const reload = vi.fn();
  const rendered = renderAppAt('/');
  await screen.findByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' });
  await act(async () => {
    await registerServiceWorker({ container: container.asContainer(), onUpdate: updateAvailable.announce, reload });
  });
  return { ...rendered, reload };
}

function installNewVersion(container: FakeServiceWorkerContainer): FakeWorker {
  let worker: FakeWorker | undefined;
  act(() => {
    worker = container.installNewVersion();
  });
  return worker!;
}

afterEach(() => {
  act(() => updateAvailable.announce(null));
});

describe('the new version banner', () => {
  it('does not appear when the service worker is installed for the first time', async () => {
    const container = new FakeServiceWorkerContainer();
    await appWithServiceWorker(container);

    act(() => {
      container.installNewVersion();
    });

    expect(container.registration.active?.state).toBe('activated');
    // Give a lazily fetched banner every chance to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(banner()).toBeNull();
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('does not appear on the visit that installed the worker, whose page the worker does not control', async () => {
    const container = new FakeServiceWorkerContainer();
    await appWithServiceWorker(container);
    installNewVersion(container);

    // A second version found during the same visit waits; this page came from the network, not from either.
    installNewVersion(container);

    expect(container.registration.waiting?.state).toBe('installed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(banner()).toBeNull();
  });

  it('appears, politely announced and without taking focus, when a new version waits', async () => {
    const container = FakeServiceWorkerContainer.controlledByEarlierVersion();
    await appWithServiceWorker(container);
    const focused = document.activeElement;

    act(() => {
      container.installNewVersion();
    });

    const region = await screen.findByRole('region', { name: 'New version' });
    expect(within(region).getByRole('status')).toHaveTextContent(MESSAGE);
    expect(within(region).getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(document.activeElement).toBe(focused);
  });

  it('appears at once for a version an earlier visit installed, which still waits', async () => {
    const container = FakeServiceWorkerContainer.controlledByEarlierVersion();
    container.installNewVersion();

    await appWithServiceWorker(container);

    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
  });

  it('asks the waiting version to take over on Reload, and reloads once when it has', async () => {
    const container = FakeServiceWorkerContainer.controlledByEarlierVersion();
    const { user, reload } = await appWithServiceWorker(container);
    const waiting = installNewVersion(container);

    await user.click(await screen.findByRole('button', { name: 'Reload' }));

    expect(waiting.postMessage).toHaveBeenCalledExactlyOnceWith(SKIP_WAITING);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
    expect(reload).not.toHaveBeenCalled();
    act(() => container.takeOver());
    // A second change of controller (another tab's worker, later) must not reload the page again.
    act(() => container.dispatchEvent(new Event('controllerchange')));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload a page when another tab's Reload lets the new version take over; its own Reload then only reloads", async () => {
    const container = FakeServiceWorkerContainer.controlledByEarlierVersion();
    const { user, reload } = await appWithServiceWorker(container);
    const waiting = installNewVersion(container);
    await screen.findByText(MESSAGE);

    act(() => container.takeOver());

    expect(reload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waiting.postMessage).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes when dismissed, and comes back for the next version', async () => {
    const container = FakeServiceWorkerContainer.controlledByEarlierVersion();
    const { user } = await appWithServiceWorker(container);
    act(() => {
      container.installNewVersion();
    });

    await user.click(await screen.findByRole('button', { name: 'Dismiss the new version notice' }));
    expect(banner()).toBeNull();

    act(() => {
      container.takeOver();
      container.installNewVersion();
    });
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
  });
});

describe('the service worker registration', () => {
  const serviceWorkerDescriptor = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
  const readyStateDescriptor = Object.getOwnPropertyDescriptor(document, 'readyState');
  afterEach(() => {
    vi.unstubAllEnvs();
    if (serviceWorkerDescriptor) Object.defineProperty(navigator, 'serviceWorker', serviceWorkerDescriptor);
    else delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    if (readyStateDescriptor) Object.defineProperty(document, 'readyState', readyStateDescriptor);
    else delete (document as { readyState?: unknown }).readyState;
  });

  it("waits for the page's load event, in a production build", async () => {
    const { registerServiceWorkerAfterLoad } = await import('../lib/update-available');
    const container = new FakeServiceWorkerContainer();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    Object.defineProperty(document, 'readyState', { configurable: true, value: 'interactive' });
    vi.stubEnv('PROD', true);

    registerServiceWorkerAfterLoad();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    await waitFor(() => expect(container.register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' }));
  });

  it('registers nothing in development, where the dev server serves no worker', async () => {
    const { registerServiceWorkerAfterLoad } = await import('../lib/update-available');
    const container = new FakeServiceWorkerContainer();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    vi.stubEnv('PROD', false);

    registerServiceWorkerAfterLoad();
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(container.register).not.toHaveBeenCalled();
  });

  it('asks for a new version when a page left open for an hour comes back into view', async () => {
    let now = 0;
    const container = FakeServiceWorkerContainer.controlledByEarlierVersion();
    await registerServiceWorker({ container: container.asContainer(), onUpdate: vi.fn(), reload: vi.fn(), now: () => now });
    const visible = () => document.dispatchEvent(new Event('visibilitychange'));

    now = 10 * 60 * 1000;
    visible();
    expect(container.registration.update).not.toHaveBeenCalled();
    now = 61 * 60 * 1000;
    visible();
    expect(container.registration.update).toHaveBeenCalledTimes(1);
  });
});
