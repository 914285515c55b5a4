import { describe, expect, it } from 'vitest';
import { mapOnlyFiles, type BuiltChunk } from './service-worker.ts';

const chunk = (fileName: string, rest: Partial<BuiltChunk> = {}): BuiltChunk => ({ fileName, facadeModuleId: null, imports: [], dynamicImports: [], css: [], ...rest });
const MAP = '/src/features/association-map/components/tile-map.tsx';

describe('mapOnlyFiles', () => {
  it("is the map's lazy chunks, what only they import (however deep), and their style sheets", () => {
    const chunks = [
      chunk('assets/index.js', { imports: ['assets/react.js'], dynamicImports: ['assets/member-pages.js'] }),
      chunk('assets/member-pages.js', { imports: ['assets/react.js'], dynamicImports: ['assets/tile-map.js'] }),
      chunk('assets/tile-map.js', { facadeModuleId: MAP, imports: ['assets/leaflet.js', 'assets/react.js'], css: ['assets/tile-map.css'] }),
      chunk('assets/leaflet.js', { imports: ['assets/leaflet-util.js'], css: ['assets/leaflet.css'] }),
      chunk('assets/leaflet-util.js'),
      chunk('assets/react.js'),
    ];
    expect([...mapOnlyFiles(chunks)].sort()).toEqual(['assets/leaflet-util.js', 'assets/leaflet.css', 'assets/leaflet.js', 'assets/tile-map.css', 'assets/tile-map.js']);
  });

  it('keeps a chunk the map shares with any other page', () => {
    const chunks = [
      chunk('assets/index.js', { imports: ['assets/geometry.js'] }),
      chunk('assets/cell-map.js', { facadeModuleId: '/src/features/association-map/components/cell-map.tsx', imports: ['assets/geometry.js'] }),
      chunk('assets/geometry.js'),
    ];
    expect([...mapOnlyFiles(chunks)]).toEqual(['assets/cell-map.js']);
  });

  it('is nothing when the build has no map', () => {
    expect(mapOnlyFiles([chunk('assets/index.js', { imports: ['assets/react.js'] }), chunk('assets/react.js')]).size).toBe(0);
  });
});
