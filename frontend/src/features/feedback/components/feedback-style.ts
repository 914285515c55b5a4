import { css } from 'styled-components';

/**
 * White on the spec's #1677ff is 4.1:1, short of the 4.5:1 normal text needs but above the 3:1 of large text
 * (WCAG 1.4.3: bold at 14 pt, 18.66 px, or more): the colours stay the spec's, the text is large and bold.
 */
export const largeTextOnFeedbackBlue = css`
  font-size: 1.1875rem;
  font-weight: 700;
`;

