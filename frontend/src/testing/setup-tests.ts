import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Whole-page tests that type into a form take seconds on a busy shared machine; the defaults (1 s for findBy*,
// 5 s per test) turn that slowness into failures that say nothing about the app.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

// Without vitest globals Testing Library cannot register its own cleanup, so each test unmounts explicitly.
afterEach(() => {
  cleanup();
});

// The identification flow keeps its answers in sessionStorage; each test starts a fresh visit.
afterEach(() => {
  sessionStorage.clear();
});
