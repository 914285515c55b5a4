import styled from 'styled-components';
import { useSiteMessages } from '@/lib/i18n/language';

const Notice = styled.aside`
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.warningBorder};
  border-left-width: 6px;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.warningBackground};
  color: ${({ theme }) => theme.colors.warningText};
`;

const NoticeTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const NoticeText = styled.p`
  margin: 0;
`;

/** Spec §1: reporters must know up front that wasps, hornets and yellow jackets are out of scope. */
export function HoneybeeOnlyNotice() {
  const t = useSiteMessages();
  return (
    <Notice aria-labelledby="honeybee-only-title">
      <NoticeTitle id="honeybee-only-title">{t['landing.honeybeesOnly.title']}</NoticeTitle>
      <NoticeText>{t['landing.honeybeesOnly.text']}</NoticeText>
    </Notice>
  );
}
