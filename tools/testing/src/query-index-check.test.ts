import { describe, expect, it } from 'vitest';
import { filterBranches, filtersOf } from './query-index-check.js';

describe('the fields a query needs an index for', () => {
  it('are the top-level fields of its filter, with $and merged in', () => {
    expect(filterBranches({ memberId: 'm', claimedAt: { $gte: new Date(0) }, $and: [{ state: 'active' }] })).toEqual([['memberId', 'claimedAt', 'state']]);
  });

  it('are one set per branch of a top-level $or, each with the fields outside it', () => {
    expect(filterBranches({ 'home.latitude': { $gte: 1 }, $or: [{ a: 1 }, { b: 2 }] })).toEqual([
      ['home.latitude', 'a'],
      ['home.latitude', 'b'],
    ]);
  });

  it('are none for an empty filter, which scans the whole collection', () => {
    expect(filterBranches({})).toEqual([[]]);
  });
});

describe('the filters of a command', () => {
  it('are read from finds, counts, find-and-modifies, updates, deletes and the first $match of an aggregation', () => {
    expect(filtersOf({ commandName: 'find', command: { find: 'c', filter: { a: 1 } } })).toEqual([{ a: 1 }]);
    expect(filtersOf({ commandName: 'count', command: { count: 'c', query: { b: 1 } } })).toEqual([{ b: 1 }]);
    expect(filtersOf({ commandName: 'findAndModify', command: { findAndModify: 'c', query: { c: 1 } } })).toEqual([{ c: 1 }]);
    expect(filtersOf({ commandName: 'update', command: { update: 'c', updates: [{ q: { d: 1 } }, { q: { e: 1 } }] } })).toEqual([{ d: 1 }, { e: 1 }]);
    expect(filtersOf({ commandName: 'delete', command: { delete: 'c', deletes: [{ q: { f: 1 } }] } })).toEqual([{ f: 1 }]);
    expect(filtersOf({ commandName: 'aggregate', command: { aggregate: 'c', pipeline: [{ $match: { g: 1 } }, { $count: 'n' }] } })).toEqual([{ g: 1 }]);
  });

  it('are none for inserts and for a $geoNear aggregation, which needs its geo index to run at all', () => {
    expect(filtersOf({ commandName: 'insert', command: { insert: 'c', documents: [{}] } })).toEqual([]);
    expect(filtersOf({ commandName: 'aggregate', command: { aggregate: 'c', pipeline: [{ $geoNear: {} }] } })).toEqual([]);
  });
});
