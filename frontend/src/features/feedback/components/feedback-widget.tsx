import { startTransition, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLanguage } from '@/lib/i18n/language';
import { lazyComponentWithQueries } from '@/lib/lazy-component';
import { largeTextOnFeedbackBlue } from './feedback-style';

export const FeedbackDialog = lazyComponentWithQueries(() => import('./feedback-dialog'), (module) => module.FeedbackDialog);

/**
 * The Feedback tab on every page: a rotated tab on the right edge that opens a small form. The tab hides while the
 * dialog is open and takes the focus back when it closes.
 */
export function FeedbackWidget() {
  const [open, setOpen] = useState(false);
  const tabRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const { language, site: t } = useLanguage();

  useEffect(() => {
    if (!open && wasOpen.current) tabRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return open ? (
    <FeedbackDialog onClose={() => setOpen(false)} />
  ) : (
    <Tab
      ref={tabRef}
      type="button"
      // Beside pages that stay English, the tab still speaks the visitor's language, and says which.
      lang={language}
      aria-haspopup="dialog"
      onPointerEnter={() => void FeedbackDialog.preload().catch(() => undefined)}
      // A transition keeps the tab on screen while the form's code arrives, rather than an empty gap.
      onClick={() => startTransition(() => setOpen(true))}
    >
      {t['feedback.tab']}
    </Tab>
  );
}

const Tab = styled.button`
  position: fixed;
  z-index: 900;
  top: 25%;
  right: 0;
  /* Its height is its width on screen once turned: 44 px, a thumb's tap target. */
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border: none;
  border-radius: ${({ theme }) => `${theme.radii.small} ${theme.radii.small} 0 0`};
  background: ${({ theme }) => theme.colors.feedback};
  color: #ffffff;
  font: inherit;
  ${largeTextOnFeedbackBlue}
  cursor: pointer;
  /* Turned about its bottom-right corner, so it runs up the right edge and stays flush with it on any width. */
  transform: rotate(-90deg);
  transform-origin: bottom right;

  &:hover {
    background: ${({ theme }) => theme.colors.feedbackHover};
  }
`;
