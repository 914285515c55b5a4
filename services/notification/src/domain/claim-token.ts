/**
 * What a claim token in a notification or an alert email stands for: this member may claim this report, because of
 * this alert (its send key), until `expiresAt` (when the report stops being claimable: its expiry). The token is the
 * only proof on the claim routes (no session: a phone's lock screen has none), so it is signed (see ClaimTokens) and
 * serves once. A test alert's token claims nothing.
 */
export type ClaimTokenClaims = {
  reportId: string;
  memberId: string;
  sendKey: string;
  expiresAt: Date;
  test?: boolean;
};

/**
 * The claims as the token's first part carries them: compact JSON, base64url. The send key names the report and the
 * member again (`alert--<report>--<member>--<round>`): they are written once, as `$r` and `$m` in it.
 */
export function encodeClaims(claims: ClaimTokenClaims): string {
  const key = claims.sendKey.replace(`--${claims.reportId}--`, '--$r--').replace(`--${claims.memberId}--`, '--$m--');
  const compact = { r: claims.reportId, m: claims.memberId, k: key, e: Math.floor(claims.expiresAt.getTime() / 1000), ...(claims.test ? { t: 1 } : {}) };
  return Buffer.from(JSON.stringify(compact)).toString('base64url');
}

/** The claims of a token's first part, or undefined when it is not one this service wrote. */
export function decodeClaims(encoded: string): ClaimTokenClaims | undefined {
  if (!/^[A-Za-z0-9_-]{1,460}$/.test(encoded)) return undefined;
  try {
    const compact = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { r, m, k, e, t } = compact;
    if (typeof r !== 'string' || typeof m !== 'string' || typeof k !== 'string' || typeof e !== 'number' || !Number.isSafeInteger(e)) return undefined;
    const sendKey = k.replace('--$r--', `--${r}--`).replace('--$m--', `--${m}--`);
    return { reportId: r, memberId: m, sendKey, expiresAt: new Date(e * 1000), ...(t === 1 ? { test: true } : {}) };
  } catch {
    return undefined;
  }
}

/** The most a token's characters can be (what the routes and the push payload accept). */
export const CLAIM_TOKEN_MAX_LENGTH = 512;
