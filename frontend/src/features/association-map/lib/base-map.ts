import { mesh } from 'topojson-client';
import type { MultiLineString } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import countiesUrl from 'us-atlas/counties-10m.json?url';

/**
 * The base map without any tile server: US state and county outlines from us-atlas (TopoJSON, longitude and
 * latitude), served with the site as files of their own and fetched only when a map is drawn. The states come first
 * (37 KB compressed), the counties (256 KB) after them.
 */
export type Outlines = { states: MultiLineString | null; counties: MultiLineString | null };

type AtlasTopology = Topology<{ states: GeometryCollection; counties?: GeometryCollection }>;

async function fetchTopology(url: string, signal: AbortSignal): Promise<AtlasTopology> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as AtlasTopology;
}

export async function loadStateOutlines(signal: AbortSignal): Promise<MultiLineString> {
  const topology = await fetchTopology(statesUrl, signal);
  return mesh(topology, topology.objects.states);
}

/** County lines only (the state lines come from the states file): the borders between two counties of one state. */
export async function loadCountyOutlines(signal: AbortSignal): Promise<MultiLineString | null> {
  const topology = await fetchTopology(countiesUrl, signal);
  const counties = topology.objects.counties;
  if (!counties) return null;
  return mesh(topology, counties, (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2));
}
