import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cellToParent, gridDisk, latLngToCell } from 'h3-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssociationMap } from '@swarm/api-contract/association-map';
import { createQueryClient } from '@/lib/query-client';
import { devConfig, jsonResponse, stubApi, type FakeHandler } from '@/testing/fake-api';
import { TestAppProvider } from '@/testing/test-app-provider';
import { periodSince } from '@/lib/statistics-period';
import { cellsGeoJson } from '../lib/cell-geometry';
import { AssociationMapSection } from './association-map-section';

const MAP = 'GET /member/company/c-1/map';
const REPORTS = 'GET /member/company/c-1/reports';
const busy = latLngToCell(45.52, -122.68, 7);
const quiet = latLngToCell(45.45, -122.6, 7);
const turnedAway = latLngToCell(45.6, -122.5, 7);

/** The members' area: the resolution-6 cell of the busy cell and the ring around it. */
const covered = gridDisk(cellToParent(busy, 6), 1).sort();
const defaultCoverage = (): AssociationMap['coverage'] => ({ resolution: 6, cells: covered, areaKm2: 253, membersWithHome: 3, membersWithoutHome: 2 });
const noCoverage: AssociationMap['coverage'] = { resolution: 6, cells: [], areaKm2: 0, membersWithHome: 0, membersWithoutHome: 0 };

const mapAnswer = (cells: AssociationMap['cells'] = defaultCells(), coverage: AssociationMap['coverage'] = defaultCoverage()): AssociationMap => ({
  companyId: 'c-1',
  since: '2026-03-02T00:00:00.000Z',
  until: '2026-03-16T00:00:00.000Z',
  resolution: 7,
  cells,
  coverage,
});

function defaultCells(): AssociationMap['cells'] {
  return [
    {
      h3Cell: busy,
      nearPlace: 'Eugene, OR',
      reports: 12,
      outcomes: { claimed: 9, expired: 2, departed: 1, markedBad: 0, open: 0 },
      unserved: 0,
      medianMinutesToFirstClaim: 14.5,
      p90MinutesToFirstClaim: 40,
      shareUnclaimed: 0.25,
    },
    { h3Cell: quiet, nearPlace: 'Springfield, OR', reports: 'fewer than 3', outcomes: null, unserved: 0, medianMinutesToFirstClaim: null, p90MinutesToFirstClaim: null, shareUnclaimed: null },
    { h3Cell: turnedAway, nearPlace: null, reports: 0, outcomes: null, unserved: 4, medianMinutesToFirstClaim: null, p90MinutesToFirstClaim: null, shareUnclaimed: null },
  ];
}

function renderSection(handler: FakeHandler, reports: FakeHandler = () => jsonResponse({ message: 'unexpected' }, 500), config = devConfig) {
  const api = stubApi({ [MAP]: handler, [REPORTS]: reports, 'GET /config': () => jsonResponse(config) });
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const user = userEvent.setup();
  render(
    <TestAppProvider queryClient={queryClient}>
      <AssociationMapSection companyId="c-1" companyName="Portland Beekeepers" />
    </TestAppProvider>,
  );
  return { ...api, user };
}

const section = () => screen.getByRole('region', { name: 'Association map: Portland Beekeepers' });

describe('AssociationMapSection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws one hexagon per cell, shaded by reports, the unserved demand apart, named by a summary', async () => {
    renderSection(() => jsonResponse(mapAnswer()));

    const map = await within(section()).findByRole('img', { name: /^Map of 3 cells/ });
    expect(map).toHaveAccessibleName(
      "Map of 3 cells of about 5 km²: 2 with reports, shaded by how many, and 1 with unserved demand, hatched in violet. Today your members' alert ranges cover the area shaded in teal, about 253 km². The table below has every figure.",
    );
    const cells = within(map).getAllByTestId('map-cell');
    expect(cells.map((cell) => cell.dataset.cell)).toEqual([busy, quiet, turnedAway]);
    expect(cells.map((cell) => cell.querySelector('title')?.textContent)).toEqual([
      `Cell ${busy} near Eugene, OR: 12 reports`,
      `Cell ${quiet} near Springfield, OR: fewer than 3 reports`,
      `Cell ${turnedAway}: 4 unserved`,
    ]);
    // Every hexagon is a closed path of six corners inside the picture.
    for (const cell of cells) expect(cell.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d.,-]+(L[\d.,-]+){6}Z$/);
    expect(cells.map((cell) => cell.querySelector('[data-unserved]') !== null)).toEqual([false, false, true]);
    expect(within(section()).getByText('Outlines: US Census Bureau (us-atlas)')).toBeInTheDocument();
  });

  it('shows a Leaflet map of the tiles of MAP_TILE_URL when the site has them: their credit as text, the members\' area and the cells over them, no outlines', async () => {
    // jsdom lays nothing out: the map's box is given a size, as a browser would, so Leaflet can fit the cells into it.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const mapTiles = { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example <b>Tiles</b>' };
    const { requests, user } = renderSection(() => jsonResponse(mapAnswer()), undefined, { ...devConfig, mapTiles });

    const map = await within(section()).findByRole('region', { name: /^Map of 3 cells/ });
    expect(map).toHaveAccessibleName(
      "Map of 3 cells of about 5 km²: 2 with reports, shaded by how many, and 1 with unserved demand, hatched in violet. Today your members' alert ranges cover the area shaded in teal, about 253 km². The table below has every figure.",
    );
    expect(map).toHaveAttribute('tabindex', '0');
    expect(map).toHaveClass('leaflet-container');
    await vi.waitFor(() => expect(map.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    const sources = [...map.querySelectorAll('img.leaflet-tile')].map((tile) => tile.getAttribute('src'));
    expect(sources.every((source) => /^https:\/\/tiles\.example\.org\/\d+\/\d+\/\d+\.png$/.test(source ?? ''))).toBe(true);
    // The credit is configured text: shown as written, never as markup.
    const credit = map.querySelector('.leaflet-control-attribution');
    expect(credit).toHaveTextContent('© Example <b>Tiles</b>');
    expect(credit?.querySelector('b')).toBeNull();
    expect(within(map).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();

    const overlay = map.querySelector('.leaflet-overlay-pane svg');
    const cells = [...(overlay?.querySelectorAll<SVGPathElement>('[data-testid="map-cell"]') ?? [])];
    expect(cells.map((cell) => cell.dataset.cell)).toEqual([busy, quiet, turnedAway]);
    expect(cells.map((cell) => cell.querySelector('title')?.textContent)).toEqual([
      `Cell ${busy} near Eugene, OR: 12 reports`,
      `Cell ${quiet} near Springfield, OR: fewer than 3 reports`,
      `Cell ${turnedAway}: 4 unserved`,
    ]);
    // Six corners each, closed, in the overlay's pixels.
    for (const cell of cells) expect(cell.getAttribute('d')).toMatch(/^M[\d.-]+ [\d.-]+(L[\d.-]+ [\d.-]+){5}z$/);
    expect(cells.map((cell) => cell.getAttribute('fill'))).toEqual(['#d98a1c', '#fde9b8', '#ffffff']);
    expect(cells.map((cell) => cell.getAttribute('fill-opacity'))).toEqual(['0.75', '0.75', '0']);
    const unserved = overlay?.querySelectorAll('[data-unserved]') ?? [];
    expect(unserved).toHaveLength(1);
    expect(unserved[0]?.getAttribute('stroke')).toBe('#5b2a86');
    expect(unserved[0]?.getAttribute('fill')).toMatch(/^url\(#tile-map-hatch-[\w-]+\)$/);
    expect(document.getElementById(unserved[0]!.getAttribute('fill')!.slice(5, -1))?.tagName).toBe('pattern');
    // The members' area: one outline of its cells, shaded, drawn before (under) the first cell.
    const area = overlay?.querySelector('[data-testid="member-coverage"]');
    expect(area?.getAttribute('d')).toMatch(/^M[\d.-]+ [\d.-]+(L[\d.-]+ [\d.-]+)+z$/);
    expect(area?.getAttribute('fill')).toBe('#7fd1c7');
    expect(area!.compareDocumentPosition(cells[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section()).getByText('area your members cover today (their alert ranges)')).toBeInTheDocument();
    expect(within(section()).queryByText('Outlines: US Census Bureau (us-atlas)')).toBeNull();
    expect(requests.some((request) => request.path.endsWith('.json'))).toBe(false);

    // A cell picked in the table is outlined on the map; a click on the map picks one too.
    await user.click(within(section()).getByRole('button', { name: `Show cell ${quiet} on the map` }));
    expect(overlay?.querySelectorAll('[data-testid="map-cell-selected"]')).toHaveLength(1);
    await user.click(cells[0]!);
    expect(within(section()).getByRole('button', { name: `Show cell ${busy} on the map` })).toHaveAttribute('aria-pressed', 'true');
    expect(overlay?.querySelectorAll('[data-testid="map-cell-selected"]')).toHaveLength(1);
  });

  it("shows the members' area alone on the Leaflet map when nothing happened in the period", async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const mapTiles = { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example Tiles' };
    renderSection(() => jsonResponse(mapAnswer([])), undefined, { ...devConfig, mapTiles });

    const map = await within(section()).findByRole('region', { name: /^Map of 0 cells/ });
    await vi.waitFor(() => expect(map.querySelectorAll('.leaflet-overlay-pane [data-testid="member-coverage"]')).toHaveLength(1));
    expect(map.querySelectorAll('[data-testid="map-cell"]')).toHaveLength(0);
    expect(map.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0);
  });

  it('lists every figure per cell in a table, each cell with the town it is near, a cell with one or two reports as "fewer than 3"', async () => {
    const { requests } = renderSection(() => jsonResponse(mapAnswer()));

    const table = await within(section()).findByRole('table');
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Cell', 'Reports', 'Claimed', 'Expired', 'Departed', 'Marked bad', 'Open', 'Unserved demand', 'Median minutes to claim', '90th percentile minutes to claim', 'Share unclaimed'],
      [`${busy}near Eugene, OR`, '12', '9', '2', '1', '0', '0', '0', '14.5', '40', '25%'],
      [`${quiet}near Springfield, OR`, 'fewer than 3', '—', '—', '—', '—', '—', '0', '—', '—', '—'],
      [turnedAway, '0', '—', '—', '—', '—', '—', '4', '—', '—', '—'],
    ]);
    expect(within(section()).getByText(/^From 2026-03-02 to 2026-03-15\./)).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/member/company/c-1/map')?.query.get('since')).toBe(periodSince(12, new Date()));
  });

  it('reaches the cells by keyboard: a cell of the table is outlined on the map, and the period is asked again', async () => {
    const { user, requests } = renderSection(() => jsonResponse(mapAnswer()));

    await within(section()).findByRole('img', { name: /^Map of 3 cells/ });
    expect(within(section()).queryByTestId('map-cell-selected')).toBeNull();
    const quietButton = within(section()).getByRole('button', { name: `Show cell ${quiet} on the map` });
    await user.tab();
    expect(within(section()).getByRole('combobox', { name: 'Period of the map' })).toHaveFocus();
    await user.tab();
    expect(within(section()).getByRole('region', { name: 'Map figures by cell of Portland Beekeepers' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(quietButton).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(quietButton).toHaveAttribute('aria-pressed', 'true');
    expect(within(section()).getByTestId('map-cell-selected')).toBeInTheDocument();

    await user.selectOptions(within(section()).getByRole('combobox', { name: 'Period of the map' }), 'Last 4 weeks');
    await vi.waitFor(() => expect(requests.filter((request) => request.path === '/member/company/c-1/map').at(-1)?.query.get('since')).toBe(periodSince(4, new Date())));
  });

  it('says so when nothing happened in the period and no member gave an address: no map, no table', async () => {
    renderSection(() => jsonResponse(mapAnswer([], { ...noCoverage, membersWithoutHome: 2 })));

    await within(section()).findByText('No report alerted your members in this period, and nobody was turned away nearby.');
    expect(within(section()).getByText('None of your members has given an address yet, so the map shows no area they cover.')).toBeInTheDocument();
    expect(within(section()).queryByRole('table')).toBeNull();
    expect(within(section()).queryByRole('img')).toBeNull();
  });

  it("draws the members' area under the cells, in the legend, and says it in words with the members who gave no address", async () => {
    renderSection(() => jsonResponse(mapAnswer()));

    const map = await within(section()).findByRole('img', { name: /^Map of 3 cells/ });
    const area = within(map).getByTestId('member-coverage');
    // One outline of the seven cells: a closed ring, drawn before (under) the first cell.
    expect(area.getAttribute('d')).toMatch(/^M[\d.,-]+(L[\d.,-]+)+Z$/);
    expect(area.compareDocumentPosition(within(map).getAllByTestId('map-cell')[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section()).getByText('area your members cover today (their alert ranges)')).toBeInTheDocument();
    expect(within(section()).getByTestId('member-coverage-text')).toHaveTextContent(
      "Today your members' alert ranges cover the shaded area (about 253 km²). 2 of your members have not given an address, so their range is not shown.",
    );
  });

  it("draws the members' area alone when nothing happened in the period, and no area where none is covered", async () => {
    const answers = [mapAnswer([]), mapAnswer(defaultCells(), noCoverage)];
    renderSection(() => jsonResponse(answers.shift() ?? mapAnswer()));

    const map = await within(section()).findByRole('img', { name: /^Map of 0 cells/ });
    expect(within(map).getByTestId('member-coverage')).toBeInTheDocument();
    expect(within(map).queryAllByTestId('map-cell')).toEqual([]);
    expect(within(section()).getByText('No report alerted your members in this period, and nobody was turned away nearby.')).toBeInTheDocument();
  });

  it('draws no area and no legend entry when the members cover none', async () => {
    renderSection(() => jsonResponse(mapAnswer(defaultCells(), noCoverage)));

    const map = await within(section()).findByRole('img', { name: /^Map of 3 cells/ });
    expect(within(map).queryByTestId('member-coverage')).toBeNull();
    expect(within(section()).queryByText('area your members cover today (their alert ranges)')).toBeNull();
  });

  it('shows the gateway\'s reason for a refusal in the section, and no period', async () => {
    const message = 'Your membership of this association is inactive, so its map is not shown. Enter an activation code in Associations to make it active again.';
    renderSection(() => jsonResponse({ message }, 403));

    expect(await within(section()).findByRole('alert')).toHaveTextContent(message);
    expect(within(section()).queryByRole('combobox')).toBeNull();
    expect(within(section()).queryByRole('table')).toBeNull();
  });

  it('downloads the cells as GeoJSON', async () => {
    const { user } = renderSection(() => jsonResponse(mapAnswer()));
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:cells';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    await user.click(await within(section()).findByRole('button', { name: 'Download the cells (GeoJSON)' }));
    await vi.waitFor(() => expect(clicked).toEqual(['Portland Beekeepers cells 2026-03-02 to 2026-03-15.geojson']));
    expect(JSON.parse(await created[0]!.text())).toEqual(cellsGeoJson(mapAnswer()));
  });
});

describe('AssociationMapSection downloads', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function captureDownloads() {
    const created: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:download';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return { created, names };
  }

  it('downloads the period\'s reports as CSV: one row each, the cell for the place, nothing of the reporter\'s', async () => {
    const reports = {
      companyId: 'c-1',
      since: '2026-03-02T00:00:00.000Z',
      until: '2026-03-16T00:00:00.000Z',
      reports: [
        {
          submittedAt: '2026-03-03T09:00:00.000Z',
          h3Cell: busy,
          size: 'Softball',
          elevationFeet: 12,
          firstClaimedAt: '2026-03-03T09:12:30.000Z',
          minutesToFirstClaim: 12.5,
          outcome: 'claimed',
          claimOutcome: 'Captured',
          alertsSent: 2,
          alertsByText: 1,
          alertsByNotification: 1,
          alertsByEmail: 0,
          alertsCostCents: 7,
        },
      ],
    };
    const { user, requests } = renderSection(() => jsonResponse(mapAnswer()), () => jsonResponse(reports));
    const { created, names } = captureDownloads();

    await user.click(await within(section()).findByRole('button', { name: 'Download the reports (CSV)' }));
    await vi.waitFor(() => expect(names).toEqual(['Portland Beekeepers reports 2026-03-02 to 2026-03-15.csv']));
    expect(requests.find((request) => request.path === '/member/company/c-1/reports')?.query.get('since')).toBe(periodSince(12, new Date()));
    expect((await created[0]!.text()).split('\r\n')).toEqual([
      'submitted_at,submitted_day_utc,h3_cell,size,height_feet,first_claimed_at,minutes_to_first_claim,outcome,claim_outcome,channels,alerts_sent,alerts_by_text,alerts_by_notification,alerts_by_email,alerts_cost_usd',
      `2026-03-03T09:00:00.000Z,2026-03-03,${busy},Softball,12,2026-03-03T09:12:30.000Z,12.5,claimed,Captured,text; notification,2,1,1,0,0.07`,
      '',
    ]);
  });

  it('says why the CSV is refused, in the gateway\'s words', async () => {
    const message = 'Only an admin of this association can export its reports.';
    const { user } = renderSection(() => jsonResponse(mapAnswer()), () => jsonResponse({ message }, 403));
    const { names } = captureDownloads();

    await user.click(await within(section()).findByRole('button', { name: 'Download the reports (CSV)' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(message);
    expect(names).toEqual([]);
  });
});

describe('cellsGeoJson', () => {
  it('answers each cell as a closed [longitude, latitude] hexagon with the figures, fewer than 3 kept in words', () => {
    const collection = cellsGeoJson(mapAnswer(defaultCells(), noCoverage));
    expect(collection.features).toHaveLength(3);
    const [first, second] = collection.features;
    const ring = first!.geometry.coordinates[0]!;
    expect(ring).toHaveLength(7);
    expect(ring[0]).toEqual(ring[6]);
    for (const [lng, lat] of ring) {
      expect(lng).toBeGreaterThan(-123);
      expect(lng).toBeLessThan(-122);
      expect(lat).toBeGreaterThan(45);
      expect(lat).toBeLessThan(46);
    }
    expect(first!.properties).toMatchObject({ h3Cell: busy, reports: 12, claimed: 9, expired: 2, shareUnclaimed: 0.25 });
    expect(second!.properties).toMatchObject({ h3Cell: quiet, reports: 'fewer than 3', claimed: null });
    expect(collection.properties).toEqual({ companyId: 'c-1', since: '2026-03-02T00:00:00.000Z', until: '2026-03-16T00:00:00.000Z', resolution: 7 });
  });

  it("adds the members' area as one feature: the outline of its cells, with its area and members", () => {
    const collection = cellsGeoJson(mapAnswer());
    expect(collection.features).toHaveLength(4);
    const area = collection.features[3]!;
    expect(area.properties).toEqual({ layer: 'member-coverage', resolution: 6, areaKm2: 253, membersWithHome: 3, membersWithoutHome: 2 });
    expect(area.geometry.type).toBe('MultiPolygon');
    // Seven cells in one patch: one polygon, no hole, its ring closed, around the busy cell.
    const polygons = area.geometry.type === 'MultiPolygon' ? area.geometry.coordinates : [];
    expect(polygons).toHaveLength(1);
    expect(polygons[0]).toHaveLength(1);
    const ring = polygons[0]![0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    expect(ring.length).toBeGreaterThan(12);
    expect(cellsGeoJson(mapAnswer(defaultCells(), noCoverage)).features).toHaveLength(3);
  });
});
