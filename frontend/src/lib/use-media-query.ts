import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept up to date as the screen turns or the window resizes. Where the browser
 * cannot tell (no matchMedia, as in jsdom) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** Spec §2's 600 px content column: below it, report lists show as cards rather than tables. */
export const NARROW_SCREEN_QUERY = '(max-width: 599.98px)';

/** A touch screen (a phone or tablet), where taking a photo with the camera makes sense. */
export const TOUCH_SCREEN_QUERY = '(pointer: coarse)';
