import 'styled-components';
import type { AppTheme } from './theme';

declare module 'styled-components' {
  // Interface merging is how styled-components types `props.theme`; an alias cannot merge.
  export interface DefaultTheme extends AppTheme {}
}
