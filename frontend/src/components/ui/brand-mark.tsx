import styled from 'styled-components';

const Svg = styled.svg`
  flex: none;
  width: 1.5em;
  height: 1.5em;
`;

/** The honeycomb cell logo; an inline SVG because emoji fonts are missing on some phones and kiosks. */
export function BrandMark() {
  return (
    <Svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 4 56 18v28L32 60 8 46V18z" fill="#f2b632" stroke="#7a4700" strokeWidth="4" />
      <path d="M22 28h20M20 36h24M24 44h16" stroke="#3b2600" strokeWidth="4" strokeLinecap="round" />
    </Svg>
  );
}
