export type BotCheckResult = { ok: true } | { ok: false; reason: string };

/**
 * Tells a person from a script by the token the bot-check provider gave the browser. The expected action names
 * the page that asked for the token: 'report' on the report form, 'login_member' on the login page.
 */
export interface BotCheck {
  verify(token: string, expectedAction: string, remoteIp?: string): Promise<BotCheckResult>;
}

/** For the embedded mode and local development: any non-empty token passes. */
export class DevBotCheck implements BotCheck {
  async verify(token: string): Promise<BotCheckResult> {
    return token.trim() === '' ? { ok: false, reason: 'empty token' } : { ok: true };
  }
}
