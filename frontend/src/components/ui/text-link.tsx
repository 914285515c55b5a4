import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

/** WCAG 2.5.5: at least 44 × 44 CSS pixels to tap, whatever the size of the text. */
export const tapTarget = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
`;

/** A link that stands on its own line (not inside a sentence), big enough to tap outdoors with a thumb. */
export const TextLink = styled(Link)`
  ${tapTarget}
`;

/** The same for a plain <a>: a link that leaves the single-page app, or one to a place on the page. */
export const ExternalTextLink = styled.a`
  ${tapTarget}
`;
