import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Page } from '@/components/ui/page';
import { usePublicConfig } from '@/lib/public-config';
import { faqContentEnglish, type FaqContent } from './faq-entries';
import { documentInLanguages } from '@/lib/i18n/documents';

/**
 * The entry to open, from `?section=` or from the hash (`#section=` or `#?section=`, the form of links written
 * for a hash-routed site).
 */
export function sectionFromLocation(search: string, hash: string): string | undefined {
  const fromSearch = new URLSearchParams(search).get('section');
  if (fromSearch) return fromSearch;
  const hashQuery = hash.replace(/^#/, '');
  const queryStart = hashQuery.indexOf('?');
  const fromHash = new URLSearchParams(queryStart >= 0 ? hashQuery.slice(queryStart + 1) : hashQuery).get('section');
  return fromHash ?? undefined;
}

/** The FAQ in English; in Spanish, faq-content-es.tsx, fetched when Spanish is shown. */
export const FaqPage = documentInLanguages(FaqPageEnglish, {
  es: () => import('./faq-content-es').then(({ faqContentSpanish }) => () => <FaqAccordion content={faqContentSpanish} />),
});

function FaqPageEnglish() {
  return <FaqAccordion content={faqContentEnglish} />;
}

function FaqAccordion({ content }: { content: FaqContent }) {
  const { search, hash } = useLocation();
  const requested = sectionFromLocation(search, hash);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(requested ? [requested] : []));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const config = usePublicConfig();
  const { entries } = content;

  useEffect(() => {
    if (!requested || !entries.some((entry) => entry.id === requested)) return;
    setOpen((current) => new Set(current).add(requested));
    const button = buttons.current.get(requested);
    button?.scrollIntoView?.({ block: 'start' });
    button?.focus({ preventScroll: true });
  }, [requested, entries]);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const senderNumber = config.data?.alertSenderNumber;
  // Without a configured number (or while it loads) the answer still says where to find it: in the first alert.
  const alertSender = senderNumber
    ? content.alertSenderIs(<a href={`tel:${senderNumber.replace(/[^\d+]/g, '')}`}>{senderNumber}</a>)
    : config.isPending
      ? content.alertSenderLoading
      : content.alertSenderUnlisted;

  return (
    <Page title={content.title}>
      <p>{content.intro}</p>
      <Accordion>
        {entries.map((entry) => {
          const expanded = open.has(entry.id);
          const panelId = `faq-${entry.id}-answer`;
          return (
            <Entry key={entry.id} id={`faq-${entry.id}`}>
              <h2>
                <Question
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(entry.id, element);
                    else buttons.current.delete(entry.id);
                  }}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(entry.id)}
                >
                  <span>{entry.question}</span>
                  <Chevron aria-hidden="true" $open={expanded}>
                    ›
                  </Chevron>
                </Question>
              </h2>
              <Answer id={panelId} role="region" aria-label={entry.question} hidden={!expanded}>
                {entry.answer({ alertSender })}
              </Answer>
            </Entry>
          );
        })}
      </Accordion>
    </Page>
  );
}

const Accordion = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Entry = styled.div`
  scroll-margin-top: ${({ theme }) => theme.space.md};

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.body};
  }
`;

const Question = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => theme.space.md};
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.secondaryHover};
  }
`;

const Chevron = styled.span<{ $open: boolean }>`
  flex: none;
  font-size: 1.5rem;
  line-height: 1;
  transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
  transition: transform 120ms ease-in-out;
`;

const Answer = styled.div`
  padding: 0 ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.md};

  p,
  ul {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }

  ul {
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;
