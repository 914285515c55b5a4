import type { Redis } from 'ioredis';
import type { SendPacer } from './send-pacer.js';

/**
 * Books the next slot atomically on Redis's own clock: every replica of the notification service shares one pace per
 * sender, and clocks that differ between machines do not matter. The key expires once the pace is idle.
 */
const RESERVE_SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local next_slot = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, next_slot)
redis.call('SET', KEYS[1], tostring(slot + interval), 'PX', math.max(1000, slot + interval - now + 60000))
return slot - now
`;

export class RedisSendPacer implements SendPacer {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async reserveSlot(sender: string, intervalMs: number): Promise<{ waitMs: number }> {
    const waitMs = (await this.redis.eval(RESERVE_SLOT, 1, `${this.keyPrefix}:sms-pace:${sender}`, String(intervalMs))) as number;
    return { waitMs: Number(waitMs) };
  }
}
