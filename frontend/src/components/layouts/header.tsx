import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';
import { ContentColumn } from './content-column';

const HeaderBar = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The brand, and at the end of the same row what the page adds (the language switch); a narrow screen wraps it under. */
const HeaderInner = styled(ContentColumn)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  column-gap: ${({ theme }) => theme.space.sm};
  min-height: 56px;
`;

const BrandLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.large};
  font-weight: 700;
  text-decoration: none;
`;

export function Header({ end }: { end?: ReactNode }) {
  return (
    <HeaderBar>
      <HeaderInner>
        <BrandLink to={paths.landing.getHref()}>
          <BrandMark />
          Swarm Alert
        </BrandLink>
        {end}
      </HeaderInner>
    </HeaderBar>
  );
}
