import { describe, expect, it } from 'vitest';
import { ForegroundRequests } from './foreground.js';

describe('ForegroundRequests', () => {
  it('is busy while any request is in flight, and ending one twice counts it once', () => {
    const requests = new ForegroundRequests();
    expect(requests.busy()).toBe(false);
    const first = requests.begin();
    const second = requests.begin();
    first();
    first();
    expect(requests.busy()).toBe(true);
    second();
    expect(requests.busy()).toBe(false);
  });
});
