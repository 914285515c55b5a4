import { afterEach, describe, expect, it, vi } from 'vitest';
import { identificationStore, parseElevation } from './identification-store';

describe('identification answers', () => {
  afterEach(() => identificationStore.clear());

  it('are kept in sessionStorage, so a reload keeps them', () => {
    identificationStore.update({ size: 'Basketball' });
    identificationStore.update({ elevation: 12 });

    expect(JSON.parse(sessionStorage.getItem('swarm-alert.identification') ?? '{}')).toEqual({ size: 'Basketball', elevation: 12 });
    expect(identificationStore.get()).toEqual({ size: 'Basketball', elevation: 12 });
  });

  it('ignore a stored entry that is damaged or out of range', () => {
    sessionStorage.setItem('swarm-alert.identification', JSON.stringify({ size: 'Huge', elevation: 80 }));
    expect(identificationStore.get()).toEqual({});

    sessionStorage.setItem('swarm-alert.identification', '{not json');
    expect(identificationStore.get()).toEqual({});
  });

  it('live as long as the page when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });

    identificationStore.update({ size: 'Softball' });

    expect(identificationStore.get()).toEqual({ size: 'Softball' });
  });
});

describe('elevation', () => {
  it.each([
    ['0', 0],
    ['50', 50],
    [' 12.5 ', 12.5],
  ])('accepts %j', (text, feet) => expect(parseElevation(text)).toBe(feet));

  it.each(['', '-1', '50.1', '1e1', 'ten', '12 ft'])('refuses %j', (text) => expect(parseElevation(text)).toBeUndefined());
});
