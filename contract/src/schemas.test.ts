import { claimOutcomes, swarmSizes } from '@swarm/proto/labels';
import { describe, expect, it } from 'vitest';
import { statisticsQuery } from './association-statistics-request.js';
import { errorBody } from './errors.js';
import { EMPTY_FEEDBACK_MESSAGE, feedbackBody } from './feedback.js';
import { claimedReport } from './member-reports.js';

const claimed = {
  reportId: 'r-1',
  dateCreated: '2026-06-01T14:05:09.000Z',
  dateClaimed: null,
  imageUrl: null,
  thumbnailUrl: null,
  claimCode: '01234',
  note: '',
  size: 'Basketball',
  elevation: 6,
  canUnClaim: true,
  companyName: 'Springfield Beekeepers',
  outcome: null,
};

describe('the contract schemas', () => {
  it('take sizes and outcomes from the shared vocabulary, and nothing else', () => {
    for (const size of swarmSizes.labels) expect(claimedReport.safeParse({ ...claimed, size }).success).toBe(true);
    for (const outcome of claimOutcomes.labels) expect(claimedReport.safeParse({ ...claimed, outcome }).success).toBe(true);
    expect(claimedReport.safeParse({ ...claimed, outcome: 'Eaten by a bear' }).success).toBe(false);
    expect(claimedReport.safeParse({ ...claimed, size: 'Huge' }).success).toBe(false);
  });

  it('describe every refusal as {message, errors?}', () => {
    expect(errorBody.safeParse({ message: 'Report not found.' }).success).toBe(true);
    expect(errorBody.safeParse({ message: 'Broken.', errors: ['Broken.'] }).success).toBe(true);
    expect(errorBody.safeParse({ error: 'Not Found' }).success).toBe(false);
  });

  it("say what is wrong in the product's words", () => {
    const feedback = feedbackBody.safeParse({ message: '   ', url: '/report', source: 'widget' });
    expect(feedback.success ? [] : feedback.error.issues.map((issue) => issue.message)).toEqual([EMPTY_FEEDBACK_MESSAGE]);
    const period = statisticsQuery.safeParse({ since: '2026-02-30' });
    expect(period.success ? [] : period.error.issues.map((issue) => issue.message)).toEqual(['since must be a real calendar day written YYYY-MM-DD.']);
  });

  it('trim and default the request fields as the gateway reads them', () => {
    expect(feedbackBody.parse({ name: null, email: ' jo@example.org ', message: ' Thanks ', url: '/', source: 'widget' })).toEqual({
      name: '',
      email: 'jo@example.org',
      message: 'Thanks',
      url: '/',
      source: 'widget',
    });
  });
});
