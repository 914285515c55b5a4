import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

export type ToastKind = 'success' | 'error' | 'warning';

export interface ToastOptions {
  /** How long the toast stays; null keeps it until dismissed. Successes default to 5 s, problems stay. */
  durationMs?: number | null;
}

type ShowToast = (title: string, description?: ReactNode, options?: ToastOptions) => void;

export interface ToastApi {
  success: ShowToast;
  error: ShowToast;
  warning: ShowToast;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  description?: ReactNode;
  durationMs: number | null;
}

export const SUCCESS_TOAST_MS = 5_000;
/** Older toasts give way, so repeated failures cannot bury the page under messages that stay. */
const MAX_TOASTS = 3;

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}

/**
 * Short messages about what just happened. Successes are announced politely and fade after 5 seconds; problems are
 * announced at once and stay until dismissed, because they may hold a link or advice the visitor needs time to read.
 * Clicking a toast dismisses it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show =
      (kind: ToastKind): ShowToast =>
      (title, description, options = {}) => {
        const id = nextId.current++;
        const durationMs = options.durationMs !== undefined ? options.durationMs : kind === 'success' ? SUCCESS_TOAST_MS : null;
        // The same message again (each saved availability field says so) replaces the earlier one rather than stacking.
        const isRepeat = (toast: ToastItem) => toast.kind === kind && toast.title === title && toast.description === description;
        setToasts((current) => [...current.filter((toast) => !isRepeat(toast)), { id, kind, title, description, durationMs }].slice(-MAX_TOASTS));
      };
    return { success: show('success'), error: show('error'), warning: show('warning') };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Region aria-label="Notifications">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} dismiss={dismiss} />
        ))}
      </Region>
    </ToastContext.Provider>
  );
}

function Toast({ toast, dismiss }: { toast: ToastItem; dismiss: (id: number) => void }) {
  // Depends only on stable values, so a toast shown later does not restart the timers of those already shown.
  useEffect(() => {
    if (toast.durationMs === null) return undefined;
    const timer = setTimeout(() => dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, dismiss]);
  const onDismiss = () => dismiss(toast.id);

  return (
    <Card $kind={toast.kind} onClick={onDismiss}>
      {/* The role sits on the text alone, so the close button is not read out as part of the message. */}
      <Text role={toast.kind === 'success' ? 'status' : 'alert'}>
        <Title>{toast.title}</Title>
        {toast.description !== undefined && <Description>{toast.description}</Description>}
      </Text>
      <Close type="button" aria-label="Dismiss notification">
        ×
      </Close>
    </Card>
  );
}

const Region = styled.section`
  position: fixed;
  z-index: 1100;
  top: ${({ theme }) => theme.space.md};
  left: 50%;
  transform: translateX(-50%);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(calc(100% - 2rem), 420px);
  pointer-events: none;
`;

const Card = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.medium};
  border-left: 6px solid;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.2);
  pointer-events: auto;
  cursor: pointer;
  ${({ $kind, theme }) =>
    $kind === 'success'
      ? css`
          border-left-color: ${theme.colors.success};
        `
      : $kind === 'warning'
        ? css`
            border-left-color: ${theme.colors.warningBorder};
            background: ${theme.colors.warningBackground};
          `
        : css`
            border-left-color: ${theme.colors.danger};
          `}
`;

const Text = styled.div`
  flex: 1;
  overflow-wrap: anywhere;
`;

const Title = styled.p`
  margin: 0;
  font-weight: 700;
`;

const Description = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Close = styled.button`
  flex: none;
  min-width: 44px;
  min-height: 44px;
  margin: -${({ theme }) => theme.space.sm};
  border: none;
  background: transparent;
  color: inherit;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
`;
