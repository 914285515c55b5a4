import type { ActiveReport, ClaimedReport } from '@swarm/api-contract/member-reports';
import { vi } from 'vitest';

/** The report lists as the gateway answers them (the contract's shapes). */
export type RawActiveReport = ActiveReport;
export type RawClaimedReport = ClaimedReport;

export interface FakeReply {
  status: number;
  body?: unknown;
}

export interface ReportCall {
  method: string;
  path: string;
  body: unknown;
}

export const activeReport = (overrides: Partial<RawActiveReport> = {}): RawActiveReport => ({
  reportId: 'r-1',
  dateCreated: '2026-06-01T14:05:09.000Z',
  imageUrl: '/api/member/report/r-1/image',
  thumbnailUrl: '/api/member/report/r-1/image?variant=thumbnail',
  claimCode: '01234',
  note: 'On the low branch of the oak',
  size: 'Basketball',
  elevation: 6,
  distanceFromHome: 2.345,
  ...overrides,
});

export const claimedReport = (overrides: Partial<RawClaimedReport> = {}): RawClaimedReport => ({
  reportId: 'r-9',
  dateCreated: '2026-05-30T08:15:00.000Z',
  dateClaimed: '2026-05-30T09:00:00.000Z',
  imageUrl: null,
  thumbnailUrl: null,
  claimCode: '98765',
  note: 'By the mailbox',
  size: 'Softball',
  elevation: 3,
  canUnClaim: true,
  companyName: 'Springfield Beekeepers',
  outcome: null,
  ...overrides,
});

/**
 * The gateway's member report calls (contract "Gateway REST") kept in memory: claiming moves a report to the
 * claimed list, un-claiming moves it back, marking bad removes it, recording an outcome sets it. `failNext` answers the next call to one
 * "METHOD /api/path" with an error instead.
 */
export class FakeReportGateway {
  calls: ReportCall[] = [];
  failNext = new Map<string, FakeReply>();

  constructor(
    public active: RawActiveReport[] = [],
    public claimed: RawClaimedReport[] = [],
  ) {}

  /** Answers a report call, or undefined for any other path. */
  handle(method: string, pathname: string, body: unknown): FakeReply | undefined {
    if (!pathname.startsWith('/api/member/report')) return undefined;
    this.calls.push({ method, path: pathname, body });
    const failure = this.failNext.get(`${method} ${pathname}`);
    if (failure) {
      this.failNext.delete(`${method} ${pathname}`);
      return failure;
    }
    if (method === 'GET' && pathname === '/api/member/report/active') return { status: 200, body: this.active };
    if (method === 'GET' && pathname === '/api/member/report/claimed') return { status: 200, body: this.claimed };
    const claim = /^\/api\/member\/report\/([^/]+)\/claim$/.exec(pathname);
    if (method === 'GET' && claim) {
      const report = this.active.find((entry) => entry.reportId === decodeURIComponent(claim[1]!));
      if (!report) return { status: 404, body: { message: 'Report not found.' } };
      this.active = this.active.filter((entry) => entry !== report);
      const { distanceFromHome: _distance, ...rest } = report;
      this.claimed.unshift({ ...rest, dateClaimed: '2026-06-01T15:00:00.000Z', canUnClaim: true, companyName: 'Springfield Beekeepers', outcome: null });
      return { status: 200, body: { message: 'Successfully claimed report!' } };
    }
    const outcomePath = /^\/api\/member\/report\/([^/]+)\/outcome$/.exec(pathname);
    if (method === 'POST' && outcomePath) {
      const { outcome } = (body ?? {}) as { outcome?: RawClaimedReport['outcome'] };
      const report = this.claimed.find((entry) => entry.reportId === decodeURIComponent(outcomePath[1]!));
      if (!outcome) return { status: 400, body: { message: 'Please choose an outcome.' } };
      if (!report) return { status: 404, body: { message: 'Report not found.' } };
      report.outcome = outcome;
      return { status: 200, body: { message: 'The outcome has been recorded.' } };
    }
    const { reportId, reason } = (body ?? {}) as { reportId?: string; reason?: string };
    const held = this.claimed.find((entry) => entry.reportId === reportId);
    if (method === 'PUT' && pathname === '/api/member/report/unclaim') {
      if (!held) return { status: 404, body: { message: 'Report not found.' } };
      this.claimed = this.claimed.filter((entry) => entry !== held);
      const { dateClaimed: _claimed, canUnClaim: _can, companyName: _company, outcome: _outcome, ...rest } = held;
      this.active.unshift({ ...rest, distanceFromHome: 1 });
      return { status: 200, body: { message: 'Report has been unclaimed' } };
    }
    if (method === 'PUT' && pathname === '/api/member/report/bad') {
      if (!reason) return { status: 400, body: { message: 'A reason is required.' } };
      if (!held) return { status: 404, body: { message: 'Report not found.' } };
      this.claimed = this.claimed.filter((entry) => entry !== held);
      return { status: 200, body: { message: 'Report has been marked as bad' } };
    }
    return { status: 404, body: { message: 'Not found.' } };
  }

  /** The calls made to one method and path. */
  callsTo(method: string, path: string): ReportCall[] {
    return this.calls.filter((call) => call.method === method && call.path === `/api${path}`);
  }

  /**
   * Replaces fetch with this gateway. Calls it does not know go to the fetch installed before (e.g. the member
   * fake of features/member/testing, for whole-app tests), or answer 404 when there is none.
   */
  install({ inFrontOfCurrentFetch = false }: { inFrontOfCurrentFetch?: boolean } = {}): void {
    const fallback = inFrontOfCurrentFetch ? globalThis.fetch : undefined;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const reply = this.handle(init?.method ?? 'GET', url.pathname, body);
      if (!reply && fallback) return fallback(input, init);
      const answer = reply ?? { status: 404, body: { message: 'Not found.' } };
      return answer.body === undefined
        ? new Response(null, { status: answer.status })
        : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    });
  }
}
