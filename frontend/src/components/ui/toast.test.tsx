import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/styles/theme';
import { SUCCESS_TOAST_MS, ToastProvider, useToast, type ToastApi } from './toast';

function renderWithToasts() {
  let api: ToastApi | undefined;
  function Capture() {
    api = useToast();
    return null;
  }
  render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <Capture />
      </ToastProvider>
    </ThemeProvider>,
  );
  if (!api) throw new Error('toast api not captured');
  return api;
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('toasts', () => {
  it('announces a success politely and removes it after 5 seconds', () => {
    vi.useFakeTimers();
    try {
      const toast = renderWithToasts();
      act(() => toast.success('Success', 'Swarm has been reported'));

      expect(within(region()).getByRole('status')).toHaveTextContent('SuccessSwarm has been reported');
      act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1));
      expect(within(region()).queryByRole('status')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes each success 5 seconds after its own appearance, whatever arrives later', () => {
    vi.useFakeTimers();
    try {
      const toast = renderWithToasts();
      act(() => toast.success('Success', 'first'));
      act(() => vi.advanceTimersByTime(4_000));
      act(() => toast.success('Success', 'second'));
      act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 4_000));
      expect(within(region()).getAllByRole('status').map((status) => status.textContent)).toEqual(['Successsecond']);
      act(() => vi.advanceTimersByTime(4_000));
      expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps errors and warnings as alerts until dismissed', async () => {
    const toast = renderWithToasts();
    act(() => {
      toast.error('Error', 'Failed to submit report. Please try again.');
      toast.warning('Careful', 'Check the address');
    });

    expect(within(region()).getAllByRole('alert')).toHaveLength(2);
    await userEvent.click(within(region()).getAllByRole('button', { name: 'Dismiss notification' })[0]!);

    expect(within(region()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['CarefulCheck the address']);
  });

  it('shows at most the three latest toasts', () => {
    const toast = renderWithToasts();
    act(() => ['one', 'two', 'three', 'four'].forEach((title) => toast.error(title)));

    expect(within(region()).getAllByRole('alert').map((alert) => alert.querySelector('p')?.textContent)).toEqual(['two', 'three', 'four']);
  });

  it('shows a repeated message once, as the latest', () => {
    const toast = renderWithToasts();
    act(() => {
      toast.success('Your availability has been updated.');
      toast.error('Failed to update availability.');
      toast.success('Your availability has been updated.');
    });

    const texts = [...region().querySelectorAll('[role="status"], [role="alert"]')].map((element) => element.querySelector('p')?.textContent);
    expect(texts).toEqual(['Failed to update availability.', 'Your availability has been updated.']);
  });
});
