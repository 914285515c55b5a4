import { MemoryOutbox } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { nodeTokenSecrets } from '../adapters/crypto/node-token-secrets.js';
import { MemoryLoginTokenRepository } from '../adapters/memory/memory-login-token-repository.js';
import { MemoryMemberRepository } from '../adapters/memory/memory-member-repository.js';
import type { StoredLoginToken } from './ports.js';
import { ConsumeLoginToken } from './consume-login-token.js';
import { EnsureMember } from './ensure-member.js';
import { IssueLoginToken } from './issue-login-token.js';

const TTL_MS = 15 * 60_000;

describe('login tokens', () => {
  let now: Date;
  let saved: StoredLoginToken[];
  let issue: IssueLoginToken;
  let consume: ConsumeLoginToken;
  let members: MemoryMemberRepository;

  beforeEach(() => {
    now = new Date('2026-06-01T12:00:00Z');
    const clock = { now: () => now };
    const tokens = new MemoryLoginTokenRepository();
    saved = [];
    const recording = {
      save: async (token: StoredLoginToken) => {
        saved.push(token);
        await tokens.save(token);
      },
      consume: (hash: string, at: Date) => tokens.consume(hash, at),
      removeForEmail: (email: string) => tokens.removeForEmail(email),
    };
    members = new MemoryMemberRepository(new MemoryOutbox());
    let nextId = 0;
    issue = new IssueLoginToken({ tokens: recording, secrets: nodeTokenSecrets, clock, ttlMs: TTL_MS });
    consume = new ConsumeLoginToken({ tokens: recording, secrets: nodeTokenSecrets, clock, ensureMember: new EnsureMember({ members, clock, ids: { newId: () => `member-${(nextId += 1)}` } }) });
  });

  it('stores only the SHA-256 hash of a 256-bit token, expiring after the configured time', async () => {
    const { token, expiresAt, validForMs } = await issue.execute('Ada@Example.org');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(saved).toEqual([{ tokenHash: nodeTokenSecrets.hash(token), email: 'ada@example.org', expiresAt: new Date(now.getTime() + TTL_MS) }]);
    expect(saved[0]?.tokenHash).not.toContain(token);
    expect(validForMs).toBe(TTL_MS);
    expect(expiresAt).toEqual(new Date(now.getTime() + TTL_MS));
  });

  it('gives every request its own token', async () => {
    const first = await issue.execute('ada@example.org');
    const second = await issue.execute('ada@example.org');
    expect(first.token).not.toBe(second.token);
  });

  it('logs in a new email once, creating the member', async () => {
    const { token } = await issue.execute('ada@example.org');
    const result = await consume.execute(token);
    expect([result.created, result.member.email]).toEqual([true, 'ada@example.org']);
    await expect(consume.execute(token)).rejects.toMatchObject({ code: 'MEMBER.LOGIN_TOKEN_INVALID' });
  });

  it('logs in an existing member without creating another', async () => {
    const first = await consume.execute((await issue.execute('ada@example.org')).token);
    const second = await consume.execute((await issue.execute('ADA@example.org')).token);
    expect([second.created, second.member.memberId]).toEqual([false, first.member.memberId]);
  });

  it('works up to just before its expiry and not at it', async () => {
    const early = await issue.execute('ada@example.org');
    const late = await issue.execute('ada@example.org');
    now = new Date(now.getTime() + TTL_MS - 1);
    expect((await consume.execute(early.token)).member.email).toBe('ada@example.org');
    now = new Date(now.getTime() + 1);
    await expect(consume.execute(late.token)).rejects.toMatchObject({ code: 'MEMBER.LOGIN_TOKEN_INVALID' });
  });

  it('refuses a wrong, empty or overlong token without creating a member', async () => {
    const { token } = await issue.execute('ada@example.org');
    for (const wrong of [`${token}x`, '', 'x'.repeat(10_000)]) {
      await expect(consume.execute(wrong)).rejects.toMatchObject({ code: 'MEMBER.LOGIN_TOKEN_INVALID' });
    }
    expect(await members.findByEmail('ada@example.org')).toBeUndefined();
  });
});
