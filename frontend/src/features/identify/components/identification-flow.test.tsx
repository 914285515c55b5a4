import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { externalLinks } from '@/config/external-links';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { identificationStore } from '@/lib/identification-store';

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('identification flow', () => {
  it('walks from the cluster question to the report form, keeping the size and elevation', async () => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig) });
    const { user, router } = renderAppAt('/identify/check-cluster');

    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(heading('Approximately how large is the swarm?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Basketball' }));
    expect(heading('Is the swarm above ground?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(heading('Approximately how high up is the swarm?')).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: 'Height above the ground (feet)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(router.state.location.pathname).toBe('/report');
    expect(heading('Report a swarm')).toBeInTheDocument();
    expect(identificationStore.get()).toEqual({ size: 'Basketball', elevation: 12 });
    expect(screen.queryByRole('combobox', { name: 'Size' })).not.toBeInTheDocument();
  });

  it.each(['', '-1', '51', '50.5', 'abc'])('keeps Next disabled for the elevation "%s"', async (typed) => {
    const { user } = renderAppAt('/identify/elevation');

    if (typed) await user.type(screen.getByRole('spinbutton'), typed);

    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it.each(['0', '50', '7.5'])('enables Next for the elevation %s', async (typed) => {
    const { user } = renderAppAt('/identify/elevation');

    await user.type(screen.getByRole('spinbutton'), typed);

    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('remembers the answers across a reload of the tab', async () => {
    const first = renderAppAt('/identify/size');
    await first.user.click(screen.getByRole('button', { name: 'Softball' }));
    first.unmount();

    renderAppAt('/identify/size');

    expect(screen.getByRole('button', { name: 'Softball' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Basketball' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('prefills the elevation given earlier', () => {
    identificationStore.update({ elevation: 20 });

    renderAppAt('/identify/elevation');

    expect(screen.getByRole('spinbutton')).toHaveValue(20);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

describe('wasp dialog', () => {
  it.each(['/identify/check-cluster', '/identify/check-above-ground'])('opens when No is answered on %s', async (path) => {
    const { user } = renderAppAt(path);

    await user.click(screen.getByRole('button', { name: 'No' }));

    const dialog = screen.getByRole('dialog', { name: 'They might be wasps' });
    expect(dialog).toHaveTextContent('Wasps are good for the environment');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('OK opens the article in a new tab and closes the dialog', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderAppAt('/identify/check-cluster');
    await user.click(screen.getByRole('button', { name: 'No' }));

    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(open).toHaveBeenCalledWith(externalLinks.waspArticle, '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
  });

  it('keeps the keyboard inside and closes on Escape', async () => {
    const { user } = renderAppAt('/identify/check-above-ground');
    await user.click(screen.getByRole('button', { name: 'No' }));
    const dialog = screen.getByRole('dialog');

    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
