import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useSiteMessages } from '@/lib/i18n/language';
import { enSite } from '@/lib/i18n/messages/en-site';

export const unexpectedErrorMessage = enSite['errorPanel.unexpected'];

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 8px 32px rgba(0, 0, 0, 0.25);
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.subheading};
`;

const Message = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  overflow-wrap: anywhere;
`;

interface ErrorFallbackProps {
  error: unknown;
}

/** Errors the JavaScript engine raises name a programming fault, never something a visitor can act on. */
const engineErrors = [TypeError, ReferenceError, SyntaxError, RangeError, EvalError, URIError];

/** Text written for developers: React's minified errors, engine messages, stack traces, code. */
const developerText =
  /Minified React error|react\.dev\/errors|reactjs\.org\/docs\/error|is not a function|is not defined|is not iterable|is not a constructor|Cannot read propert|Cannot set propert|Cannot access|undefined|\bnull\b|Unexpected token|\n\s*at |@http|\.(?:js|tsx?)(?::\d+)+|[{}<>]|=>/;

const MAX_SHOWN_LENGTH = 200;

/**
 * The message the panel may show: the error's own words when they were written for people, otherwise the generic
 * sentence. Minified, engine or stack text never reaches the screen (it is in the console for developers).
 */
export function errorMessageOf(error: unknown): string {
  if (engineErrors.some((type) => error instanceof type)) return unexpectedErrorMessage;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const text = message.trim();
  if (text === '' || text.length > MAX_SHOWN_LENGTH || developerText.test(text)) return unexpectedErrorMessage;
  return text;
}

/** The full-screen panel of spec §2 shown when rendering fails; reloading is the only way out it offers. */
export function ErrorFallback({ error }: ErrorFallbackProps) {
  const t = useSiteMessages();
  const message = errorMessageOf(error);
  return (
    <Overlay>
      <Panel role="alertdialog" aria-modal="true" aria-labelledby="error-fallback-title" aria-describedby="error-fallback-message">
        <Title id="error-fallback-title">{t['errorPanel.title']}</Title>
        <Message id="error-fallback-message">{message === unexpectedErrorMessage ? t['errorPanel.unexpected'] : message}</Message>
        <Button type="button" onClick={() => window.location.reload()}>
          {t['errorPanel.reload']}
        </Button>
      </Panel>
    </Overlay>
  );
}
