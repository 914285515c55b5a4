import styled from 'styled-components';
import { useSiteMessages } from '@/lib/i18n/language';

const Status = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.lg} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** Shown (and announced politely) while a page's code is still on its way. */
export function PageLoading() {
  const t = useSiteMessages();
  return (
    <Status role="status" aria-live="polite">
      {t['layout.pageLoading']}
    </Status>
  );
}
