import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import styled, { css } from 'styled-components';
import { useSiteMessages } from '@/lib/i18n/language';

export type ToastKind = 'success' | 'error' | 'warning';

export interface ToastOptions {
  /** How long the toast stays; null keeps it until dismissed. Successes default to 5 s, problems to 10 s. */
  durationMs?: number | null;
  /**
   * Tells apart messages whose description is not plain text (a link…): toasts with the same title and key are the
   * same message. Plain-text descriptions are their own key.
   */
  key?: string;
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
  identity: string;
}

export const SUCCESS_TOAST_MS = 5_000;
/** Problems stay twice as long as successes (they may need reading twice), then leave by themselves too. */
export const PROBLEM_TOAST_MS = 10_000;
/** Older toasts give way, so repeated failures cannot bury the page under messages. */
const MAX_TOASTS = 3;

const ToastContext = createContext<ToastApi | null>(null);
const ToastHoldContext = createContext<(() => () => void) | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}

/**
 * While a caller holds the toasts (the onboarding tour, whose highlighted target may fill the screen), they wait
 * and appear once it lets go, so no message covers what the member is being shown.
 */
export function useHoldToasts(held: boolean): void {
  const hold = useContext(ToastHoldContext);
  useEffect(() => (held && hold ? hold() : undefined), [held, hold]);
}

const identityOf = (title: string, description: ReactNode, key: string | undefined) =>
  `${title}\u0000${key ?? (typeof description === 'string' || typeof description === 'number' ? String(description) : '')}`;

/**
 * Short messages about what just happened. Successes are announced politely and leave after 5 seconds; problems are
 * announced at once and leave after 10 (both wait while pointed at or focused, and a click dismisses any). The same
 * message is never shown twice at once: it replaces the earlier one. On a phone they sit at the bottom of the
 * screen, clear of the page heading.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [holds, setHolds] = useState(0);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const hold = useCallback(() => {
    setHolds((count) => count + 1);
    return () => setHolds((count) => count - 1);
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show =
      (kind: ToastKind): ShowToast =>
      (title, description, options = {}) => {
        const id = nextId.current++;
        const durationMs = options.durationMs !== undefined ? options.durationMs : kind === 'success' ? SUCCESS_TOAST_MS : PROBLEM_TOAST_MS;
        const identity = identityOf(title, description, options.key);
        // The same message again (each saved availability field says so, a second tap on a button) replaces the
        // earlier one rather than stacking.
        setToasts((current) => [...current.filter((toast) => toast.identity !== identity), { id, kind, title, description, durationMs, identity }].slice(-MAX_TOASTS));
      };
    return { success: show('success'), error: show('error'), warning: show('warning') };
  }, []);

  const shown = holds === 0 ? toasts : [];
  const { regionRef, edge } = useEdgeClearOfControlInUse(shown.length > 0);
  const messages = useSiteMessages();

  return (
    <ToastContext.Provider value={api}>
      <ToastHoldContext.Provider value={hold}>
        {children}
        <Region ref={regionRef} aria-label={messages['layout.notifications']} $edge={edge} data-edge={edge}>
          {shown.map((toast) => <Toast key={toast.id} toast={toast} dismiss={dismiss} />)}
        </Region>
      </ToastHoldContext.Provider>
    </ToastContext.Provider>
  );
}

type Edge = 'top' | 'bottom';

const INTERACTIVE = 'input, select, textarea, button, a[href], [role="switch"], [role="combobox"], [tabindex]:not([tabindex="-1"])';

/** Whether two boxes share any area. */
const overlap = (a: DOMRect, b: { top: number; bottom: number; left: number; right: number }) =>
  a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/**
 * The screen edge the toasts sit at: the bottom, unless there they would cover the control the member is using (the
 * one focused, touched or changed last: a select is disabled, and so loses focus, while its change is saved), then the
 * top.
 * It is decided again while toasts are shown, as the member scrolls or moves to another control.
 */
function useEdgeClearOfControlInUse(showing: boolean): { regionRef: RefObject<HTMLElement | null>; edge: Edge } {
  const regionRef = useRef<HTMLElement | null>(null);
  const controlInUse = useRef<Element | null>(null);
  const [edge, setEdge] = useState<Edge>('bottom');

  useEffect(() => {
    const remember = (event: Event) => {
      const control = event.target instanceof Element ? event.target.closest(INTERACTIVE) : null;
      if (control && !regionRef.current?.contains(control)) controlInUse.current = control;
    };
    const events = ['focusin', 'pointerdown', 'change'] as const;
    for (const name of events) document.addEventListener(name, remember, true);
    return () => {
      for (const name of events) document.removeEventListener(name, remember, true);
    };
  }, []);

  useLayoutEffect(() => {
    if (!showing) {
      setEdge('bottom');
      return undefined;
    }
    let frame = 0;
    const place = () => {
      frame = 0;
      const region = regionRef.current;
      const control = controlInUse.current;
      if (!region || !control?.isConnected) return;
      const used = control.getBoundingClientRect();
      const height = region.getBoundingClientRect().height;
      const margin = 16;
      const atBottom = { top: window.innerHeight - margin - height, bottom: window.innerHeight, left: 0, right: window.innerWidth };
      const atTop = { top: 0, bottom: margin + height, left: 0, right: window.innerWidth };
      setEdge(overlap(used, atBottom) && !overlap(used, atTop) ? 'top' : 'bottom');
    };
    const later = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    place();
    document.addEventListener('focusin', later);
    window.addEventListener('scroll', later, { passive: true, capture: true });
    window.addEventListener('resize', later);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      document.removeEventListener('focusin', later);
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
    };
  }, [showing]);

  return { regionRef, edge };
}

function Toast({ toast, dismiss }: { toast: ToastItem; dismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.durationMs);
  // Depends only on stable values, so a toast shown later does not restart the timers of those already shown.
  useEffect(() => {
    if (remaining.current === null || paused) return undefined;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [toast.id, paused, dismiss]);
  const onDismiss = () => dismiss(toast.id);
  const messages = useSiteMessages();

  return (
    <Card
      $kind={toast.kind}
      data-kind={toast.kind}
      onClick={onDismiss}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* The role sits on the text alone, so the close button is not read out as part of the message. */}
      <Text role={toast.kind === 'success' ? 'status' : 'alert'}>
        <Title>{toast.title}</Title>
        {toast.description !== undefined && <Description>{toast.description}</Description>}
      </Text>
      <Close type="button" aria-label={messages['layout.dismissNotification']}>
        ×
      </Close>
    </Card>
  );
}

/**
 * At the bottom of the screen, where no page heading is, or at the top when the bottom would cover the control in use:
 * centred on a phone, in the right corner on a wider screen (beside the 600 px content column rather than over it).
 */
const Region = styled.section<{ $edge: Edge }>`
  position: fixed;
  z-index: 1100;
  ${({ $edge, theme }) =>
    $edge === 'bottom'
      ? css`
          bottom: calc(${theme.space.md} + env(safe-area-inset-bottom, 0px));
        `
      : css`
          top: calc(${theme.space.md} + env(safe-area-inset-top, 0px));
        `}
  left: 50%;
  transform: translateX(-50%);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(calc(100% - 2rem), 420px);
  pointer-events: none;

  @media (min-width: 600px) {
    left: auto;
    right: ${({ theme }) => theme.space.md};
    transform: none;
  }
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
